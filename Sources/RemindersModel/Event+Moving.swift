/// A series moved (its start changed) takes its exceptions with it: an EXDATE or a RECURRENCE-ID
/// names an occurrence of *this* rule (RFC 5545 §3.8.5), so one left at the old time names
/// nothing the moved rule makes — an occurrence removed elsewhere comes back, and one changed on
/// its own shows twice. Each is moved by the series' own shift on the wall clock, as Thunderbird and
/// Evolution move them.
extension Event {
    /// The key of the occurrence that `key` names once this series starts at `newStart` instead.
    public func movedOccurrenceKey(_ key: Int64, to newStart: ItemDateComponents) -> Int64 {
        let shift = newStart.wallClockSeconds - start.wallClockSeconds
        var moved = occurrenceStart(forKey: key)
        // Shifted as a time of day, whatever form the series had, then put in the form it has now.
        if moved.hour == nil { (moved.hour, moved.minute, moved.second) = (0, 0, 0) }
        moved = moved.shifted(byWallClockSeconds: shift)
        if newStart.isAllDay {
            (moved.hour, moved.minute, moved.second, moved.timeZone) = (nil, nil, nil, nil)
        } else {
            moved.timeZone = newStart.timeZone
            if newStart.second == nil, moved.second == 0 { moved.second = nil }
        }
        return moved.occurrenceKey
    }

    /// This series' exceptions, moved with it to `newStart`.
    public func movedExceptionDates(to newStart: ItemDateComponents) -> [Int64] {
        exceptionDates.map { movedOccurrenceKey($0, to: newStart) }
    }
}
