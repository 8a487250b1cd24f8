/// A value that crosses threads on its way to or from an event loop, used by one thread at a
/// time: a loop-confined object handed to a command the loop runs (an owner, to answer a load),
/// or a value made on another thread and handed over whole (a payload).
struct LoopConfined<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
