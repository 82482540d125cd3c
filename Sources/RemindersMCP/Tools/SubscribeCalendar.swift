import RemindersJSONRPC
import RemindersJSON
import RemindersProtocol
import RemindersServer

/// `subscribe_calendar {url, title?}`: subscribes to an .ics feed (`addSubscription`), for "add the
/// school's term dates" — a read-only calendar of its own, kept fresh by the agent.
enum SubscribeCalendar: ToolDeclaration {
    typealias Method = AddSubscription
    static let name = "subscribe_calendar"
    static let title = "Subscribe to a calendar feed"
    static let detail =
        "For a published .ics or webcal:// address (holidays, a school's terms, a club's fixtures); its events are read-only and come from the feed."
    static let isIdempotent = false

    struct Input: MethodParams {
        static let properties: [ObjectRule.Property] = [
            .init("url", .string("The feed's address: https://, http://, webcal:// or webcals://."), required: true),
            .init("title", .string(), description: "The calendar's title; absent: the feed's own name."),
        ]
        var url: String
        var title: String?
        init(_ fields: Fields) throws(ResponseError) {
            url = try fields.string("url")
            title = try fields.optionalString("title")
        }
    }

    static func run(_ input: Input, _ call: ToolCall) throws(ToolFailure) -> AddSubscription.Result {
        try call.call(AddSubscription.self, AddSubscription.Params(url: input.url, title: input.title))
    }

    static func text(_ result: AddSubscription.Result, _ input: Input, _ call: ToolCall) -> String {
        let refresh = result.refresh
        let head = "Subscribed to \"\(result.subscription.title)\" (calendar \(result.subscription.calendarIdentifier), read-only)."
        switch refresh.status {
        case .failed: return head + " The first fetch failed: \(refresh.message); it is tried again later."
        default: return head + " \(refresh.added) events added."
        }
    }
}

/// `list_subscriptions {}`: the subscribed calendars and how their refreshes go (`subscriptions`).
enum ListSubscriptions: ToolDeclaration {
    typealias Method = SubscriptionsMethod
    static let name = "list_subscriptions"
    static let title = "List subscribed calendars"
    static let detail = "Their events are listed by list_events like any calendar's; these calendars are read-only."
    typealias Input = NoParams

    static func run(_ input: Input, _ call: ToolCall) throws(ToolFailure) -> SubscriptionsMethod.Result {
        try call.call(SubscriptionsMethod.self, NoParams())
    }

    static func text(_ result: SubscriptionsMethod.Result, _ input: Input, _ call: ToolCall) -> String {
        guard !result.subscriptions.isEmpty else { return "No subscribed calendars." }
        return result.subscriptions.map { subscription in
            "- \(subscription.title) (\(subscription.calendarIdentifier)): \(subscription.url); "
                + (subscription.stopped.map { "stopped: \($0)" } ?? (subscription.lastResult ?? "never refreshed"))
        }.joined(separator: "\n")
    }
}
