import DaybookCommands
import DaybookManual
import DaybookViews

// Prints the manual page, daybook(1), generated from the command table: `make man` writes it
// to man/daybook.1. A developer's tool, not part of the daybook binary.
print(ManPage.render(.standard), terminator: "")
