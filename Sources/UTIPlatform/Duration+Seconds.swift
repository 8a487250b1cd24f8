extension Duration {
  /// The duration in seconds, as the timeouts inside the package count them.
  package var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
