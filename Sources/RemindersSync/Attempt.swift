/// The outcome of a call that throws a typed error, as a value to switch on. (Catching typed
/// errors by pattern inside an untyped `do` crashes Swift 6.3's SIL ownership check, so the
/// sync's error handling goes through this.)
func attempt<Value, Failure: Error>(_ body: () throws(Failure) -> Value) -> Result<Value, Failure> {
    do { return .success(try body()) } catch { return .failure(error) }
}
