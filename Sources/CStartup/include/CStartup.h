#ifndef DAYBOOK_CSTARTUP_H
#define DAYBOOK_CSTARTUP_H

// What the process does before anything else (docs/performance.md, "Code mapped page by page").
//
// On a read fault in a file's mapping, Linux maps up to 64 KiB of the file's cached pages
// around the one touched ("fault-around"). A one-shot command runs a few hundred scattered
// functions, so most of its resident code is neighbours it never runs. A range registered with
// userfaultfd for write-protect tracking is not faulted around, and with asynchronous tracking
// (Linux 6.7 and later) no page is ever write-protected and no event is ever sent: the only
// effect on read-only code is that each page is mapped when it runs.

// Registers every read-only segment (code and constants) of every loaded object, once, and
// keeps the descriptor open for the life of the process (closed on exec). Returns how many
// segments were registered: 0 where the kernel, its settings or a sandbox refuse (nothing
// changes then), and under valgrind, which does not know the call.
int daybook_map_code_as_run(void);

// 1 when this kernel takes asynchronous write-protect tracking from an unprivileged
// process, 0 otherwise; changes nothing (for the tests).
int daybook_code_mapping_available(void);

#endif
