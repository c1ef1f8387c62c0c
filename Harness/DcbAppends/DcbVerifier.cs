using EventCommitLab.SuitePorts.Dcb;
using EventCommitLab.Verification;

namespace EventCommitLab.Harness.DcbAppends;

/// <summary>
/// Reads a log back after its prefill and holds it against the ledger: every append told "written" is there exactly once,
/// its events whole (type, tags, payload) and in order; nothing of an append told "condition failed" is there; nothing
/// is there that nobody was told about. And the answers fit the workload: a fresh student's condition never fails, a
/// condition the prefill breaks never holds.
/// </summary>
public static class DcbVerifier
{
    private const int MaxListed = 20;

    public static async Task<DcbVerification> VerifyAsync(
        IDcbLogReader log, long prefillHead, DcbLedger ledger, DcbOperations operations, string appender, string size, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(log);
        ArgumentNullException.ThrowIfNull(ledger);
        ArgumentNullException.ThrowIfNull(operations);
        var violations = new List<string>();
        void Violation(string what)
        {
            if (violations.Count < MaxListed)
            {
                violations.Add(what);
            }
        }

        var byOperation = new Dictionary<long, List<DcbStoredEvent>>();
        long read = 0;
        var errors = 0;
        for (var after = prefillHead; ;)
        {
            var page = await log.ReadAsync(null, after, 10_000, cancellationToken).ConfigureAwait(false);
            foreach (var e in page)
            {
                read++;
                var student = e.Tags.FirstOrDefault(t => t.StartsWith("student:w", StringComparison.Ordinal));
                if (student is null || !long.TryParse(student.AsSpan("student:w".Length), out var operation))
                {
                    Violation($"position {e.Position}: an event no append of the suite wrote");
                    continue;
                }

                if (!byOperation.TryGetValue(operation, out var events))
                {
                    byOperation[operation] = events = [];
                }

                events.Add(e);
            }

            if (page.Count == 0)
            {
                break;
            }

            after = page[^1].Position;
        }

        foreach (var entry in ledger.Entries)
        {
            var found = byOperation.Remove(entry.Operation, out var events) ? events : [];
            if (entry.Appended is null)
            {
                errors++;
                if (found.Count > 0 && found.Count != entry.Events)
                {
                    Violation($"operation {entry.Operation}: ended in an error and {found.Count} of its {entry.Events} events are in the log");
                }

                continue;
            }

            if (entry.Workload.ConflictingEvents is not null && entry.Appended == true)
            {
                Violation($"operation {entry.Operation}: written although its condition matched the prefill's conflicting events");
            }

            if (entry.Workload is { Conditional: true, ConflictingEvents: null } && entry.Appended == false)
            {
                Violation($"operation {entry.Operation}: its condition failed although nothing matched it");
            }

            if (entry.Appended == false)
            {
                if (found.Count > 0)
                {
                    Violation($"operation {entry.Operation}: told its condition failed, yet {found.Count} of its events are in the log");
                }

                continue;
            }

            var expected = operations.EventsOf(entry.Operation, entry.Events);
            if (found.Count != expected.Count)
            {
                Violation($"operation {entry.Operation}: told it was written, {expected.Count} events expected, {found.Count} found");
                continue;
            }

            for (var k = 0; k < expected.Count; k++)
            {
                var (want, got) = (expected[k], found[k]);
                if (want.Type != got.Type || !want.Tags.SequenceEqual(got.Tags) || JsonDigest.Of(want.Payload) != JsonDigest.Of(got.Payload))
                {
                    Violation($"operation {entry.Operation}: event {k + 1} at position {got.Position} altered or out of order");
                }
            }
        }

        foreach (var (operation, events) in byOperation)
        {
            Violation($"operation {operation}: {events.Count} events in the log that no caller was told were written");
        }

        return new DcbVerification(appender, size, ledger.Entries.Count, errors, read, violations);
    }
}
