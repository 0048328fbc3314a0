// The view layer (Sources/DaybookViews) is part of what the commands offer: whoever imports
// DaybookCommands also sees the writer, the appearance, the terminal facts and the views.
@_exported import DaybookViews
