import DaybookCore
import DaybookStore
import Testing

@Suite struct CSVFormulaTests {
    @Test func cellsASpreadsheetWouldRunGetAQuote() {
        #expect(CSVFormula.neutralised("=1+1") == "'=1+1")
        #expect(CSVFormula.neutralised("+44 20") == "'+44 20")
        #expect(CSVFormula.neutralised("-x") == "'-x")
        #expect(CSVFormula.neutralised("@SUM(A1)") == "'@SUM(A1)")
        #expect(CSVFormula.neutralised("\t=1") == "'\t=1")
        #expect(CSVFormula.neutralised("\r=1") == "'\r=1")
        #expect(CSVFormula.neutralised("'=1") == "''=1")
        #expect(CSVFormula.neutralised("-1+2") == "'-1+2")
    }

    @Test func numbersAndOtherCellsAreLeftAsTheyAre() {
        for cell in ["-12", "-0.5", "1e-05", "-3E+2", "", "'", "'x", "a=b", "x-", " =1", "2026-11-21", "23:40"] {
            #expect(CSVFormula.neutralised(cell) == cell)
            #expect(CSVFormula.restored(cell) == cell)
        }
    }

    @Test func restoredUndoesNeutralisedExactly() {
        let cells = ["=1", "'=1", "''=1", "-", "'-", "-5", "'-5", "+", "@", "'", "''", "'a", "\t", "'\r", "=", "=-5"]
        for cell in cells { #expect(CSVFormula.restored(CSVFormula.neutralised(cell)) == cell) }
    }
}
