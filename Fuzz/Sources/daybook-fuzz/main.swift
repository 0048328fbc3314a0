import DaybookFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    InputChecks.check(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
