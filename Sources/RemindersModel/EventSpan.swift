/// Which occurrences of a recurring event a change or removal is for (EKSpan).
public enum EventSpan: String, Sendable, CaseIterable {
    case thisEvent, futureEvents
}
