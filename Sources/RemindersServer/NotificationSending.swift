import RemindersJSONRPC
import RemindersProtocol

extension NotificationDeclaration {
    /// Sends it to a client.
    func send(_ params: [UInt8], on connection: Connection) {
        connection.send(Envelope.notification(method: name, params: params))
    }
}
