/// A value that crosses threads on its way to or from an event loop, used by one thread at a
/// time: a loop-confined object handed to a command the loop runs (an owner, to answer a load),
/// or a value made on another thread and handed over whole (a payload).
package struct LoopConfined<Value>: @unchecked Sendable {
  // Sendable: the value is used only on the loop's thread it was handed to (the loop runs the closure that
  // holds it there).
  package let value: Value
  package init(_ value: Value) { self.value = value }
}
