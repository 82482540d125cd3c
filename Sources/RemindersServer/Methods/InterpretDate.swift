import RemindersDatePhrases
import RemindersJSONRPC
import RemindersModel
import RemindersProtocol

extension InterpretDate: MethodHandler {
    public static let access = Access.anyStatus
    public static let effect = Effect.reads

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        do throws(PhraseError) {
            let reading = try DatePhrase(now: context.session.now, zone: context.session.timeZone).read(params.text)
            return Result(dateComponents: reading.components, text: reading.text, note: reading.note)
        } catch {
            throw ResponseError.invalidParams("text: \(error.message)", field: "text")
        }
    }
}
