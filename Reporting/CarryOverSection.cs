using System.Globalization;
using System.Text;
using EventCommitLab.Contract.Port;
using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Reporting;

/// <summary>
/// The verdict page's section on each store the run did not measure, from the commit shapes its source stated: per
/// strategy the commands one commit sends there, what its committers share and what that store does with a second
/// one, whether it is safe with several writer processes; then, per choice of the run's decided rows, whether it is
/// expected to hold there and why, reasoned from those shapes (never measured), and the command that measures it. On a
/// run of that store, it says the figures above are its own.
/// </summary>
internal static class CarryOverSection
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    // Enough for a reviewer to find the rows in the decisions above; the count says how many more.
    private const int NamedRows = 1;

    public static string Write(RunRecord record)
    {
        ArgumentNullException.ThrowIfNull(record);
        var md = new StringBuilder();
        foreach (var store in record.CommitShapes ?? [])
        {
            if (store.RanHere)
            {
                md.AppendLine(Invariant, $"## On {store.Title}").AppendLine();
                md.AppendLine(Invariant, $"This run measured {store.Title} itself: every figure above is its own. On {store.Title}, {store.OnSharedTransaction}.").AppendLine();
                continue;
            }

            md.AppendLine(Invariant, $"## What carries over to {store.Title} (reasoned, not measured)").AppendLine();
            md.AppendLine(Invariant, $"What one commit of three events sends to {store.Title} (each command a round trip; the command-shape tests hold the store to it).");
            md.AppendLine(Invariant, $"On {store.Title}, {store.OnSharedTransaction}.").AppendLine();
            md.Append(CommitShapeTable.Write(store, name => record.Strategies.FirstOrDefault(c => c.Strategy == name)?.SafeWithSeveralWriterProcesses)).AppendLine();
            md.AppendLine(Invariant, $"Each commit waits for {store.Title}'s write concern {Waits(store)}. Whether this run's choices should hold there:").AppendLine();
            md.AppendLine(Invariant, $"| Guarantees | Choice | Decided rows | On {store.Title} |").AppendLine("| --- | --- | --- | --- |");
            foreach (var line in Expectations(record, store))
            {
                md.AppendLine(line);
            }

            md.AppendLine();
            md.AppendLine(Invariant, $"To measure it on your own replica set: `{store.Measure}`.").AppendLine();
        }

        return md.ToString();
    }

    /// <summary>
    /// A table row per choice and expectation over the run's decided rows, naming the guarantee profiles it holds in (one
    /// row may carry over in one profile and flip in another, where a rival the other profile excludes is within the
    /// margin), the rows counted and the first named.
    /// </summary>
    private static IEnumerable<string> Expectations(RunRecord record, StoreCommitShapes store)
    {
        var margin = record.Environment.Measurement.Race?.Margin ?? RaceSettings.DefaultMargin;
        var profiles = GuaranteeProfile.All.Select(p => p.Id).ToList();
        var expectations = (record.Verdicts ?? [])
            .SelectMany(row => row.Profiles.Where(p => p.Kind != VerdictKind.Undecided).Select(p => (Row: row, Verdict: p)))
            .Select(r => (r.Row, r.Verdict.Profile, r.Verdict.Recommended, Expected: Expect(r.Row, r.Verdict, store, margin)))
            // A flip is told per profile: the rival it flips to must be one that profile admits.
            .GroupBy(r => (r.Recommended, r.Expected.Reason, Profile: r.Expected.FlipTo.Count > 0 ? r.Profile : null))
            .OrderBy(g => g.Min(r => profiles.IndexOf(r.Profile)))
            .ThenBy(g => g.Key.Profile is null ? 0 : 1)
            .ThenByDescending(g => g.Select(r => r.Row).Distinct().Count());
        foreach (var group in expectations)
        {
            var rows = group.Select(r => r.Row).Distinct().ToArray();
            var named = string.Join("; ", rows.Take(NamedRows).Select(r => VerdictWriter.Row(r.Cell)));
            var held = group.Select(r => r.Profile).Distinct().OrderBy(profiles.IndexOf).ToArray();
            var guarantees = held.Length == profiles.Count ? "every profile" : string.Join("; ", held.Select(p => GuaranteeProfile.Get(p).Title));
            var flips = group.SelectMany(r => r.Expected.FlipTo).GroupBy(s => s).OrderByDescending(g => g.Count()).ThenBy(g => g.Key, StringComparer.Ordinal)
                .Select(g => rows.Length == 1 ? g.Key : string.Create(Invariant, $"{g.Key} ({g.Count()})")).ToArray();
            var reason = flips.Length == 0 ? group.Key.Reason
                : $"may flip to {(flips.Length == 1 ? flips[0] : $"{string.Join(", ", flips[..^1])} or {flips[^1]}")}: {group.Key.Reason}";
            yield return string.Create(Invariant,
                $"| {guarantees} | **{group.Key.Recommended}** | {rows.Length}: {named}{(rows.Length > NamedRows ? $" and {rows.Length - NamedRows} more" : "")} | {reason} |");
        }
    }

    /// <summary>Whether a decided row's choice is expected to hold on the store, and why, from the shapes alone; the rivals it may flip to.</summary>
    private static (string Reason, IReadOnlyList<string> FlipTo) Expect(CellVerdict row, ProfileVerdict verdict, StoreCommitShapes store, double margin)
    {
        if (store.For(verdict.Recommended) is not { } chosen)
        {
            return ($"no stated shape on {store.Title} (it does not run there, or is a tuning): nothing carries over", []);
        }

        if (chosen.Shares == SharedWrite.InTransaction && row.Committers > 1)
        {
            return ($"may not hold: each commit writes {chosen.Shared} in its own transaction, and with {row.Committers} committers a second one is aborted and retried there", []);
        }

        if (chosen.Shares == SharedWrite.OncePerBatch && row.Committers > 1)
        {
            return ($"expected to hold: one writer sends a batch's commands, so committers never meet at {chosen.Shared}", []);
        }

        var aggregate = row.Method != BenchmarkMethod.CommitEvents;
        var commands = (aggregate ? chosen.Aggregate : chosen.Plain).Count;
        var close = verdict.Standings.Where(s => s.Ratio is { } r && (r.Upper ?? r.Estimate) >= 1 - margin && s.Contender != verdict.Recommended)
            .Select(s => store.For(s.Contender)).OfType<CommitShape>()
            .Where(s => (aggregate ? s.Aggregate : s.Plain).Count < commands && !(s.Shares == SharedWrite.InTransaction && row.Committers > 1))
            .Select(s => s.Strategy).ToArray();
        if (close.Length > 0)
        {
            return ("within the margin here, fewer commands per commit there", close);
        }

        return ("expected to hold: " + chosen.Shares switch
        {
            SharedWrite.OncePerBatch => $"one writer takes {chosen.Shared} per batch, and no rival within the margin sends fewer commands",
            SharedWrite.Atomically => $"{chosen.Shared} is updated outside the transaction (a second committer waits, not aborts), and no rival within the margin sends fewer commands",
            SharedWrite.InTransaction => "one committer (no second transaction meets it), and no rival within the margin sends fewer commands",
            _ => "its committers share no document, and no rival within the margin sends fewer commands",
        }, []);
    }

    private static string Waits(StoreCommitShapes store)
    {
        var waits = store.Strategies.Select(s => s.DurabilityWaits).Distinct().Order().ToArray();
        return waits.Length == 1 ? string.Create(Invariant, $"{(waits[0] == 1 ? "once" : $"{waits[0]} times")} per commit, in every strategy listed (at its commitTransaction)")
            : string.Join(", ", store.Strategies.Select(s => string.Create(Invariant, $"{s.Strategy} {s.DurabilityWaits}")));
    }
}
