using System.Globalization;
using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;

namespace EventCommitLab.Verification;

/// <summary>
/// Checks a log against the ledger of what callers were told, reading only the database: it never asks a strategy
/// what it did. Violations of a claimed guarantee, and the ones no strategy may commit (lost, duplicated,
/// unaccounted or misacknowledged events, inconsistent aggregate versions), are failures; the rest are the
/// strategy's known weaknesses.
/// </summary>
public static class EventLogVerifier
{
    public static async Task<VerificationReport> VerifyAsync(
        IEventLogReader store, CommitLedger ledger, StrategyGuarantees claimed, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(store);
        ArgumentNullException.ThrowIfNull(ledger);
        // Each event is reduced to its fingerprint as it is read: the log's payloads are never held all at once.
        var snapshot = await store.ReadSnapshotAsync(CheckedEvent.Of, cancellationToken).ConfigureAwait(false);
        return Verify(snapshot, ledger.Entries, claimed);
    }

    /// <summary>Checks a snapshot read whole (<see cref="EventLogReaderExtensions.ReadSnapshotAsync"/>).</summary>
    public static VerificationReport Verify(EventLogSnapshot<StoredEvent> snapshot, IReadOnlyList<LedgerEntry> ledger, StrategyGuarantees claimed)
    {
        ArgumentNullException.ThrowIfNull(snapshot);
        return Verify(new EventLogSnapshot<CheckedEvent>([.. snapshot.Events.Select(CheckedEvent.Of)], snapshot.Aggregates, snapshot.CounterNext), ledger, claimed);
    }

    public static VerificationReport Verify(EventLogSnapshot<CheckedEvent> snapshot, IReadOnlyList<LedgerEntry> ledger, StrategyGuarantees claimed)
    {
        ArgumentNullException.ThrowIfNull(snapshot);
        ArgumentNullException.ThrowIfNull(ledger);
        ArgumentNullException.ThrowIfNull(claimed);
        var violations = new List<Violation>();
        void Add(ViolationKind kind, bool claimedHere, string detail) =>
            violations.Add(new Violation(kind, claimedHere ? ViolationSeverity.Failure : ViolationSeverity.KnownWeakness, detail));

        var log = LogIndex.Of(snapshot.Events);
        CheckCommits(log, ledger, claimed, Add);
        CheckSequence(log.InSequence, claimed, Add);
        CheckAggregates(log.InSequence, snapshot.Aggregates, Add);
        var versionsChecked = CheckExpectedVersions(log, ledger, Add);
        CheckCounter(log.InSequence, snapshot.CounterNext, claimed, Add);

        var expected = ledger.Where(e => e.Outcome == LedgerOutcome.Acknowledged).Sum(e => (long)e.EventCount);
        return new VerificationReport(expected, snapshot.Events.Count, violations, versionsChecked, ledger.LongCount(e => e.Outcome == LedgerOutcome.Failed));
    }

    /// <summary>
    /// Holds every acknowledged aggregate commit to the version it expected: its first event in the log gives the
    /// aggregate the version after it, and no other acknowledged commit expected the aggregate at that version. With
    /// the log's own version order (<see cref="CheckAggregates"/>), every acknowledged commit then saw exactly the
    /// aggregate it was decided on. Returns how many commits were checked.
    /// </summary>
    private static long CheckExpectedVersions(LogIndex log, IReadOnlyList<LedgerEntry> ledger, Action<ViolationKind, bool, string> add)
    {
        var acknowledged = ledger.Where(e => e is { Outcome: LedgerOutcome.Acknowledged, Expected: not null }).ToArray();
        if (acknowledged.Length == 0)
        {
            return 0;
        }

        foreach (var entry in acknowledged)
        {
            var expected = entry.Expected!;
            if (FirstVersion(log.EventsOf(entry.CommitId)) is { } first && first != expected.ExpectedVersion + 1)
            {
                add(ViolationKind.ExpectedVersionNotHeld, true,
                    string.Create(CultureInfo.InvariantCulture, $"commit {entry.CommitId} expected aggregate {expected.Aggregate} at version {expected.ExpectedVersion} but its first event is at version {first}"));
            }
        }

        foreach (var shared in acknowledged.GroupBy(e => (e.Expected!.Aggregate, e.Expected.ExpectedVersion)).Where(g => g.Count() > 1))
        {
            add(ViolationKind.ExpectedVersionShared, true,
                string.Create(CultureInfo.InvariantCulture, $"{shared.Count()} acknowledged commits expected aggregate {shared.Key.Aggregate} at version {shared.Key.ExpectedVersion}: {string.Join(", ", shared.Select(e => e.CommitId))}"));
        }

        return acknowledged.Length;
    }

    /// <summary>The aggregate version the commit's first versioned event in the log carries.</summary>
    private static long? FirstVersion(ArraySegment<CheckedEvent> commit)
    {
        foreach (var e in commit)
        {
            if (e.Fingerprint.AggregateVersion is { } version)
            {
                return version;
            }
        }

        return null;
    }

    private static void CheckCommits(LogIndex log, IReadOnlyList<LedgerEntry> ledger, StrategyGuarantees claimed, Action<ViolationKind, bool, string> add)
    {
        var payloadOwners = new Lazy<ILookup<ulong, string>>(() => PayloadOwners(ledger));
        var known = new HashSet<Guid>(ledger.Count);
        foreach (var entry in ledger)
        {
            known.Add(entry.CommitId);
            var found = log.EventsOf(entry.CommitId);
            if (entry.Outcome == LedgerOutcome.Conflict && found.Count > 0)
            {
                add(ViolationKind.ConflictWroteEvents, true, $"{Name(entry)} left {found.Count} events in the log");
                continue;
            }

            if (found.Count > entry.EventCount)
            {
                add(ViolationKind.UnexpectedEvents, true, $"{Name(entry)} has {found.Count} events in the log");
            }
            else if (found.Count == 0 && entry.Outcome == LedgerOutcome.Acknowledged)
            {
                add(ViolationKind.LostEvents, true, $"{Name(entry)} has none of its events in the log");
            }
            else if (found.Count == entry.EventCount && entry.Outcome == LedgerOutcome.Failed)
            {
                add(ViolationKind.FailedCommitWritten, true, $"{Name(entry)} is in the log at {Ranges(Numbers(found))}; its caller was told it failed ({entry.Failure})");
            }
            else if (found.Count > 0 && found.Count < entry.EventCount)
            {
                add(ViolationKind.PartialCommit, claimed.AtomicMultiEventCommit, $"{Name(entry)} has only {found.Count} of them in the log");
            }

            if (entry is { Outcome: LedgerOutcome.Acknowledged, AcknowledgedSequenceNumbers: { } acknowledged }
                && found.Count > 0
                && !SameNumbers(acknowledged, found))
            {
                add(ViolationKind.AcknowledgementMismatch, true, $"{Name(entry)} was acknowledged at {Ranges(acknowledged.Order())} but is at {Ranges(Numbers(found))}");
            }

            if (entry.Events is { } committed && found.Count == committed.Count)
            {
                CheckContent(entry, committed, found, payloadOwners, add);
            }
        }

        foreach (var (commitId, events) in log.Commits.Where(c => !known.Contains(c.CommitId)))
        {
            add(ViolationKind.UnexpectedEvents, true, $"commit {commitId} is not in the ledger but has {events.Count} events at {Ranges(Numbers(events))}");
        }

        foreach (var (commitId, events) in log.Commits.Where(c => c.Events[^1].SequenceNumber - c.Events[0].SequenceNumber + 1 != c.Events.Count))
        {
            add(ViolationKind.NonContiguousCommit, claimed.ContiguousCommit, $"commit {commitId} is spread over {Ranges(Numbers(events))}");
        }
    }

    private static string Name(LedgerEntry entry) => $"commit {entry.CommitId} ({entry.EventCount} events, {entry.Outcome.ToString().ToLowerInvariant()})";

    private static IEnumerable<long> Numbers(ArraySegment<CheckedEvent> events) => events.Select(e => e.SequenceNumber);

    /// <summary>Whether the caller was told exactly the numbers the commit's events hold, in any order.</summary>
    private static bool SameNumbers(IReadOnlyList<long> acknowledged, ArraySegment<CheckedEvent> found)
    {
        if (acknowledged.Count != found.Count)
        {
            return false;
        }

        for (var i = 0; i < found.Count; i++)
        {
            if (acknowledged[i] != found[i].SequenceNumber)
            {
                return acknowledged.Order().SequenceEqual(Numbers(found));
            }
        }

        return true;
    }

    /// <summary>Holds a whole commit in the log to what its caller handed over and was told, event by event.</summary>
    private static void CheckContent(
        LedgerEntry entry, IReadOnlyList<EventFingerprint> committed, ArraySegment<CheckedEvent> inLog, Lazy<ILookup<ulong, string>> payloadOwners,
        Action<ViolationKind, bool, string> add)
    {
        if (!inLog.Select(e => e.Fingerprint).SequenceEqual(committed))
        {
            var found = inLog.Select(e => e.Fingerprint).ToArray();
            if (found.Order(FingerprintOrder.Instance).SequenceEqual(committed.Order(FingerprintOrder.Instance)))
            {
                var order = found.Select(f => committed.ToList().IndexOf(f));
                add(ViolationKind.ReorderedEvents, true, $"{Name(entry)} holds its events in another order: the log has its events {string.Join(", ", order)} at {Ranges(Numbers(inLog))}");
            }
            else
            {
                for (var i = 0; i < found.Length; i++)
                {
                    var differences = committed[i].Differences(found[i]);
                    if (differences.Count == 0)
                    {
                        continue;
                    }

                    var payload = found[i].PayloadDigest != committed[i].PayloadDigest && payloadOwners.Value[found[i].PayloadDigest].FirstOrDefault() is { } owner
                        ? $"; its payload is that of {owner}"
                        : "";
                    add(ViolationKind.AlteredEvent, true, $"{Name(entry)}: event {i} (sequence number {inLog[i].SequenceNumber}) has {string.Join(", ", differences)}{payload}");
                }
            }
        }

        if (entry is { Outcome: LedgerOutcome.Acknowledged, AcknowledgedAggregateVersion: { } told } && inLog[^1].Fingerprint.AggregateVersion != told)
        {
            add(ViolationKind.AcknowledgementMismatch, true,
                $"{Name(entry)} was acknowledged at aggregate version {told} but its events reach version {inLog[^1].Fingerprint.AggregateVersion?.ToString(CultureInfo.InvariantCulture) ?? "none"}");
        }
    }

    private static ILookup<ulong, string> PayloadOwners(IReadOnlyList<LedgerEntry> ledger) =>
        ledger.Where(e => e.Events is not null)
            .SelectMany(e => e.Events!.Select((f, i) => (f.PayloadDigest, Owner: $"event {i} of commit {e.CommitId}")))
            .ToLookup(o => o.PayloadDigest, o => o.Owner);

    private static void CheckSequence(CheckedEvent[] inSequence, StrategyGuarantees claimed, Action<ViolationKind, bool, string> add)
    {
        for (var i = 0; i < inSequence.Length;)
        {
            var held = Held(inSequence, i);
            if (held > 1)
            {
                add(ViolationKind.DuplicateSequenceNumber, true, $"sequence number {inSequence[i].SequenceNumber} is held by {held} events");
            }

            i += held;
        }

        var expected = 0L;
        for (var i = 0; i < inSequence.Length; i += Held(inSequence, i))
        {
            var number = inSequence[i].SequenceNumber;
            if (number > expected)
            {
                add(ViolationKind.SequenceGap, claimed.GapFreeSequence, $"sequence numbers {Range(expected, number - 1)} are missing");
            }

            expected = number + 1;
        }
    }

    /// <summary>How many events from <paramref name="first"/> on hold its number.</summary>
    private static int Held(CheckedEvent[] inSequence, int first)
    {
        var held = 1;
        while (first + held < inSequence.Length && inSequence[first + held].SequenceNumber == inSequence[first].SequenceNumber)
        {
            held++;
        }

        return held;
    }

    private static void CheckCounter(CheckedEvent[] inSequence, long? counterNext, StrategyGuarantees claimed, Action<ViolationKind, bool, string> add)
    {
        var end = inSequence.Length == 0 ? 0 : inSequence[^1].SequenceNumber + 1;
        if (claimed.CounterAtLogEnd && counterNext is { } next && next != end)
        {
            add(ViolationKind.CounterDrift, true, next > end
                ? $"the sequence counter stands at {next}, {next - end} past the log's end ({end}): the next commit leaves a gap"
                : $"the sequence counter stands at {next}, behind the log's end ({end}): the next commit takes numbers already held");
        }
    }

    private static void CheckAggregates(CheckedEvent[] inSequence, IReadOnlyList<AggregateVersionRecord> stored, Action<ViolationKind, bool, string> add)
    {
        var lastVersions = new Dictionary<AggregateKey, long>();
        foreach (var (sequenceNumber, _, e) in inSequence)
        {
            if (e.AggregateType is null)
            {
                continue;
            }

            var key = new AggregateKey(e.EventSource, e.AggregateType);
            var previous = lastVersions.GetValueOrDefault(key);
            var version = e.AggregateVersion ?? 0;
            if (version <= previous)
            {
                add(ViolationKind.AggregateVersionRepeated, true, $"aggregate {key} reaches version {version} again at sequence number {sequenceNumber} (was {previous})");
            }
            else if (version > previous + 1)
            {
                add(ViolationKind.AggregateVersionSkipped, true, $"aggregate {key} jumps from version {previous} to {version} at sequence number {sequenceNumber}");
            }

            lastVersions[key] = Math.Max(previous, version);
        }

        var rows = stored.ToDictionary(a => a.Aggregate, a => a.Version);
        foreach (var (key, version) in lastVersions)
        {
            if (!rows.TryGetValue(key, out var inRow))
            {
                add(ViolationKind.AggregateRowMismatch, true, $"aggregate {key} has events up to version {version} but no stored version");
            }
            else if (inRow != version)
            {
                add(ViolationKind.AggregateRowMismatch, true, $"aggregate {key} is stored at version {inRow} but its events reach version {version}");
            }
        }

        foreach (var (key, inRow) in rows.Where(r => r.Value != 0 && !lastVersions.ContainsKey(r.Key)))
        {
            add(ViolationKind.AggregateRowMismatch, true, $"aggregate {key} is stored at version {inRow} but has no events");
        }
    }

    private static string Ranges(IEnumerable<long> sortedNumbers)
    {
        var parts = new List<string>();
        long? start = null, end = null;
        foreach (var n in sortedNumbers)
        {
            if (start is not null && n == end + 1)
            {
                end = n;
                continue;
            }

            if (start is not null)
            {
                parts.Add(Range(start.Value, end!.Value));
            }

            start = end = n;
        }

        if (start is not null)
        {
            parts.Add(Range(start.Value, end!.Value));
        }

        return string.Join(", ", parts);
    }

    private static string Range(long from, long to) =>
        from == to ? from.ToString(CultureInfo.InvariantCulture) : string.Create(CultureInfo.InvariantCulture, $"{from}..{to}");
}
