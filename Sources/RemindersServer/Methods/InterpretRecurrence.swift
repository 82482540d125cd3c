import DatePhrases
import JSONRPC
import RemindersProtocol

extension InterpretRecurrence: MethodHandler {
    public static let access = Access.anyStatus
    public static let effect = Effect.reads

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        do throws(PhraseError) {
            return Result(recurrenceRule: try RepeatPhrase.read(params.text))
        } catch {
            throw ResponseError.invalidParams("text: \(error.message)", field: "text")
        }
    }
}
