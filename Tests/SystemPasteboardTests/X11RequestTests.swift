import Testing

@testable import SystemPasteboard

/// The X11 request table's facts that no peer checks on every request: which requests the
/// server answers with a reply (the connection waits for one only for those).
@Suite("X11 requests")
struct X11RequestTests {
  /// The core protocol's and the extensions' requests that have a reply, and those that do not,
  /// as the protocol description says; each type's `expectsReply` agrees with its conformance.
  @Test func aReplyIsExpectedWhereTheProtocolHasOne() {
    let replying: [any X11Request.Type] = [
      X11.GetGeometry.self, X11.TranslateCoordinates.self, X11.QueryPointer.self, X11.InternAtom.self,
      X11.GetAtomName.self, X11.GetProperty.self, X11.GetSelectionOwner.self, X11.GrabPointer.self,
      X11.GrabKeyboard.self, X11.GetInputFocus.self, X11.GetKeyboardMapping.self, X11.QueryExtension.self,
      X11.BigRequestsEnable.self, X11.XFixesQueryVersion.self,
    ]
    let silent: [any X11Request.Type] = [
      X11.CreateWindow.self, X11.ChangeWindowEventMask.self, X11.DestroyWindow.self, X11.MapWindow.self,
      X11.ChangeProperty.self, X11.DeleteProperty.self, X11.SetSelectionOwner.self, X11.ConvertSelection.self,
      X11.SendEvent.self, X11.UngrabPointer.self, X11.UngrabKeyboard.self, X11.XFixesSelectSelectionInput.self,
    ]
    func facts(_ request: any X11Request.Type) -> (name: String, expectsReply: Bool, conforms: Bool) {
      (request.name, request.expectsReply, request is any X11ReplyingRequest.Type)
    }
    for (name, expectsReply, conforms) in replying.map(facts) {
      #expect(expectsReply && conforms, "\(name) has a reply")
    }
    for (name, expectsReply, conforms) in silent.map(facts) {
      #expect(!expectsReply && !conforms, "\(name) has no reply")
    }
  }
}
