import RemindersDatePhrases
import RemindersJSONRPC
import RemindersModel
import RemindersProtocol

extension InterpretRecurrence: MethodHandler {
    public static let access = Access.anyStatus
    public static let effect = Effect.reads

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        do throws(PhraseError) {
            let reading = try RepeatPhrase.reading(params.text)
            let zone = context.session.timeZone
            let first = reading.firstOccurrence(now: context.session.now, zone: zone)
            return Result(
                recurrenceRule: reading.rule, text: RepeatText.words(reading.rule, start: first, zone: zone), firstOccurrence: first)
        } catch {
            throw ResponseError.invalidParams("text: \(error.message)", field: "text")
        }
    }
}
