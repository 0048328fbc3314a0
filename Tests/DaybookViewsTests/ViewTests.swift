import DaybookCore
import DaybookViews
import Testing

let unicode = Appearance(colour: false, unicode: true)

let ascii = Appearance(colour: false, unicode: false)

let colour = Appearance(colour: true, unicode: true)

/// The lines of a text block, for comparing a view's lines.
func lines(_ text: String) -> [String] { text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

/// Bold, dim and cyan text as a terminal receives them.
func bold(_ s: String) -> String { "\u{1B}[1m" + s + "\u{1B}[0m" }

func dim(_ s: String) -> String { "\u{1B}[2m" + s + "\u{1B}[0m" }

func cyan(_ s: String) -> String { "\u{1B}[36m" + s + "\u{1B}[0m" }
