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
        ArgumentNullException.ThrowIfNull(ledger);
        var snapshot = await store.ReadSnapshotAsync(cancellationToken).ConfigureAwait(false);
        return Verify(snapshot, ledger.Entries, claimed);
    }

    public static VerificationReport Verify(EventLogSnapshot snapshot, IReadOnlyList<LedgerEntry> ledger, StrategyGuarantees claimed)
    {
        ArgumentNullException.ThrowIfNull(snapshot);
        ArgumentNullException.ThrowIfNull(ledger);
        ArgumentNullException.ThrowIfNull(claimed);
        var violations = new List<Violation>();
        void Add(ViolationKind kind, bool claimedHere, string detail) =>
            violations.Add(new Violation(kind, claimedHere ? ViolationSeverity.Failure : ViolationSeverity.KnownWeakness, detail));

        CheckCommits(snapshot.Events, ledger, claimed, Add);
        CheckSequence(snapshot.Events, claimed, Add);
        CheckAggregates(snapshot, Add);
        var versionsChecked = CheckExpectedVersions(snapshot.Events, ledger, Add);
        CheckCounter(snapshot, claimed, Add);

        var expected = ledger.Where(e => e.Outcome == LedgerOutcome.Acknowledged).Sum(e => (long)e.EventCount);
        return new VerificationReport(expected, snapshot.Events.Count, violations, versionsChecked, ledger.LongCount(e => e.Outcome == LedgerOutcome.Failed));
    }

    /// <summary>
    /// Holds every acknowledged aggregate commit to the version it expected: its first event in the log gives the
    /// aggregate the version after it, and no other acknowledged commit expected the aggregate at that version. With
    /// the log's own version order (<see cref="CheckAggregates"/>), every acknowledged commit then saw exactly the
    /// aggregate it was decided on. Returns how many commits were checked.
    /// </summary>
    private static long CheckExpectedVersions(IReadOnlyList<StoredEvent> events, IReadOnlyList<LedgerEntry> ledger, Action<ViolationKind, bool, string> add)
    {
        var acknowledged = ledger.Where(e => e is { Outcome: LedgerOutcome.Acknowledged, Expected: not null }).ToArray();
        if (acknowledged.Length == 0)
        {
            return 0;
        }

        var firstVersion = events.Where(e => e.AggregateVersion is not null).GroupBy(e => e.CommitId)
            .ToDictionary(g => g.Key, g => g.MinBy(e => e.SequenceNumber)!.AggregateVersion!.Value);
        foreach (var entry in acknowledged)
        {
            var expected = entry.Expected!;
            if (firstVersion.TryGetValue(entry.CommitId, out var first) && first != expected.ExpectedVersion + 1)
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

    private static void CheckCommits(
        IReadOnlyList<StoredEvent> events, IReadOnlyList<LedgerEntry> ledger, StrategyGuarantees claimed, Action<ViolationKind, bool, string> add)
    {
        var eventsOf = events.GroupBy(e => e.CommitId).ToDictionary(g => g.Key, g => g.OrderBy(e => e.SequenceNumber).ToArray());
        var byCommit = eventsOf.ToDictionary(c => c.Key, c => c.Value.Select(e => e.SequenceNumber).ToArray());
        var payloadOwners = new Lazy<ILookup<ulong, string>>(() => PayloadOwners(ledger));
        var known = new HashSet<Guid>();
        foreach (var entry in ledger)
        {
            known.Add(entry.CommitId);
            var found = byCommit.GetValueOrDefault(entry.CommitId) ?? [];
            var name = $"commit {entry.CommitId} ({entry.EventCount} events, {entry.Outcome.ToString().ToLowerInvariant()})";
            if (entry.Outcome == LedgerOutcome.Conflict && found.Length > 0)
            {
                add(ViolationKind.ConflictWroteEvents, true, $"{name} left {found.Length} events in the log");
                continue;
            }

            if (found.Length > entry.EventCount)
            {
                add(ViolationKind.UnexpectedEvents, true, $"{name} has {found.Length} events in the log");
            }
            else if (found.Length == 0 && entry.Outcome == LedgerOutcome.Acknowledged)
            {
                add(ViolationKind.LostEvents, true, $"{name} has none of its events in the log");
            }
            else if (found.Length == entry.EventCount && entry.Outcome == LedgerOutcome.Failed)
            {
                add(ViolationKind.FailedCommitWritten, true, $"{name} is in the log at {Ranges(found)}; its caller was told it failed ({entry.Failure})");
            }
            else if (found.Length > 0 && found.Length < entry.EventCount)
            {
                add(ViolationKind.PartialCommit, claimed.AtomicMultiEventCommit, $"{name} has only {found.Length} of them in the log");
            }

            if (entry is { Outcome: LedgerOutcome.Acknowledged, AcknowledgedSequenceNumbers: { } acknowledged }
                && found.Length > 0
                && !acknowledged.Order().SequenceEqual(found))
            {
                add(ViolationKind.AcknowledgementMismatch, true, $"{name} was acknowledged at {Ranges(acknowledged.Order())} but is at {Ranges(found)}");
            }

            if (entry.Events is { } committed && found.Length == committed.Count)
            {
                CheckContent(entry, name, committed, eventsOf[entry.CommitId], payloadOwners, add);
            }
        }

        foreach (var (commitId, numbers) in byCommit.Where(c => !known.Contains(c.Key)))
        {
            add(ViolationKind.UnexpectedEvents, true, $"commit {commitId} is not in the ledger but has {numbers.Length} events at {Ranges(numbers)}");
        }

        foreach (var (commitId, numbers) in byCommit.Where(c => c.Value[^1] - c.Value[0] + 1 != c.Value.Length))
        {
            add(ViolationKind.NonContiguousCommit, claimed.ContiguousCommit, $"commit {commitId} is spread over {Ranges(numbers)}");
        }
    }

    /// <summary>Holds a whole commit in the log to what its caller handed over and was told, event by event.</summary>
    private static void CheckContent(
        LedgerEntry entry, string name, IReadOnlyList<EventFingerprint> committed, StoredEvent[] inLog, Lazy<ILookup<ulong, string>> payloadOwners,
        Action<ViolationKind, bool, string> add)
    {
        var found = inLog.Select(EventFingerprint.Of).ToArray();
        if (!found.SequenceEqual(committed))
        {
            if (found.Order(FingerprintOrder.Instance).SequenceEqual(committed.Order(FingerprintOrder.Instance)))
            {
                var order = found.Select(f => committed.ToList().IndexOf(f));
                add(ViolationKind.ReorderedEvents, true, $"{name} holds its events in another order: the log has its events {string.Join(", ", order)} at {Ranges(inLog.Select(e => e.SequenceNumber))}");
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
                    add(ViolationKind.AlteredEvent, true, $"{name}: event {i} (sequence number {inLog[i].SequenceNumber}) has {string.Join(", ", differences)}{payload}");
                }
            }
        }

        if (entry is { Outcome: LedgerOutcome.Acknowledged, AcknowledgedAggregateVersion: { } told } && inLog[^1].AggregateVersion != told)
        {
            add(ViolationKind.AcknowledgementMismatch, true,
                $"{name} was acknowledged at aggregate version {told} but its events reach version {inLog[^1].AggregateVersion?.ToString(CultureInfo.InvariantCulture) ?? "none"}");
        }
    }

    private static ILookup<ulong, string> PayloadOwners(IReadOnlyList<LedgerEntry> ledger) =>
        ledger.Where(e => e.Events is not null)
            .SelectMany(e => e.Events!.Select((f, i) => (f.PayloadDigest, Owner: $"event {i} of commit {e.CommitId}")))
            .ToLookup(o => o.PayloadDigest, o => o.Owner);

    private static void CheckSequence(IReadOnlyList<StoredEvent> events, StrategyGuarantees claimed, Action<ViolationKind, bool, string> add)
    {
        foreach (var duplicate in events.GroupBy(e => e.SequenceNumber).Where(g => g.Count() > 1))
        {
            add(ViolationKind.DuplicateSequenceNumber, true, $"sequence number {duplicate.Key} is held by {duplicate.Count()} events");
        }

        var expected = 0L;
        foreach (var number in events.Select(e => e.SequenceNumber).Distinct().Order())
        {
            if (number > expected)
            {
                add(ViolationKind.SequenceGap, claimed.GapFreeSequence, $"sequence numbers {Range(expected, number - 1)} are missing");
            }

            expected = number + 1;
        }
    }

    private static void CheckCounter(EventLogSnapshot snapshot, StrategyGuarantees claimed, Action<ViolationKind, bool, string> add)
    {
        var end = snapshot.Events.Count == 0 ? 0 : snapshot.Events.Max(e => e.SequenceNumber) + 1;
        if (claimed.CounterAtLogEnd && snapshot.CounterNext is { } next && next != end)
        {
            add(ViolationKind.CounterDrift, true, next > end
                ? $"the sequence counter stands at {next}, {next - end} past the log's end ({end}): the next commit leaves a gap"
                : $"the sequence counter stands at {next}, behind the log's end ({end}): the next commit takes numbers already held");
        }
    }

    private static void CheckAggregates(EventLogSnapshot snapshot, Action<ViolationKind, bool, string> add)
    {
        var lastVersions = new Dictionary<AggregateKey, long>();
        foreach (var e in snapshot.Events.Where(e => e.AggregateType is not null).OrderBy(e => e.SequenceNumber))
        {
            var key = new AggregateKey(e.EventSource, e.AggregateType!);
            var previous = lastVersions.GetValueOrDefault(key);
            var version = e.AggregateVersion ?? 0;
            if (version <= previous)
            {
                add(ViolationKind.AggregateVersionRepeated, true, $"aggregate {key} reaches version {version} again at sequence number {e.SequenceNumber} (was {previous})");
            }
            else if (version > previous + 1)
            {
                add(ViolationKind.AggregateVersionSkipped, true, $"aggregate {key} jumps from version {previous} to {version} at sequence number {e.SequenceNumber}");
            }

            lastVersions[key] = Math.Max(previous, version);
        }

        var rows = snapshot.Aggregates.ToDictionary(a => a.Aggregate, a => a.Version);
        foreach (var (key, version) in lastVersions)
        {
            if (!rows.TryGetValue(key, out var stored))
            {
                add(ViolationKind.AggregateRowMismatch, true, $"aggregate {key} has events up to version {version} but no stored version");
            }
            else if (stored != version)
            {
                add(ViolationKind.AggregateRowMismatch, true, $"aggregate {key} is stored at version {stored} but its events reach version {version}");
            }
        }

        foreach (var (key, stored) in rows.Where(r => r.Value != 0 && !lastVersions.ContainsKey(r.Key)))
        {
            add(ViolationKind.AggregateRowMismatch, true, $"aggregate {key} is stored at version {stored} but has no events");
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
