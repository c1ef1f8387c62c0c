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
    private const int NamedRows = 2;

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
    /// A table row per guarantee profile, choice and expectation over the run's decided rows, the rows counted and two
    /// named: one row may carry over in one profile and flip in another, where a rival the other profile excludes is
    /// within the margin.
    /// </summary>
    private static IEnumerable<string> Expectations(RunRecord record, StoreCommitShapes store)
    {
        var margin = record.Environment.Measurement.Race?.Margin ?? RaceSettings.DefaultMargin;
        var profiles = GuaranteeProfile.All.Select(p => p.Id).ToList();
        var reasons = (record.Verdicts ?? [])
            .SelectMany(row => row.Profiles.Where(p => p.Kind != VerdictKind.Undecided).Select(p => (Row: row, Verdict: p)))
            .Select(r => (r.Row, r.Verdict.Profile, r.Verdict.Recommended, Reason: Expect(r.Row, r.Verdict, store, margin)))
            .GroupBy(r => (r.Profile, r.Recommended, r.Reason))
            .OrderBy(g => profiles.IndexOf(g.Key.Profile))
            .ThenByDescending(g => g.Select(r => r.Row).Distinct().Count());
        foreach (var group in reasons)
        {
            var rows = group.Select(r => r.Row).Distinct().ToArray();
            var named = string.Join("; ", rows.Take(NamedRows).Select(r => VerdictWriter.Row(r.Cell)));
            var profile = GuaranteeProfile.Get(group.Key.Profile).Title;
            yield return string.Create(Invariant,
                $"| {profile} | **{group.Key.Recommended}** | {rows.Length}: {named}{(rows.Length > NamedRows ? $" and {rows.Length - NamedRows} more" : "")} | {group.Key.Reason} |");
        }
    }

    /// <summary>Whether a decided row's choice is expected to hold on the store, and why, from the shapes alone.</summary>
    private static string Expect(CellVerdict row, ProfileVerdict verdict, StoreCommitShapes store, double margin)
    {
        if (store.For(verdict.Recommended) is not { } chosen)
        {
            return $"no stated shape on {store.Title} (it does not run there, or is a tuning): nothing carries over";
        }

        if (chosen.Shares == SharedWrite.InTransaction && row.Committers > 1)
        {
            return $"may not hold: each commit writes {chosen.Shared} in its own transaction, and with {row.Committers} committers a second one is aborted and retried there";
        }

        if (chosen.Shares == SharedWrite.OncePerBatch && row.Committers > 1)
        {
            return $"expected to hold: its commands are sent once per batch of commits, and one writer takes {chosen.Shared} per batch, so committers never meet there";
        }

        var aggregate = row.Method != BenchmarkMethod.CommitEvents;
        var commands = (aggregate ? chosen.Aggregate : chosen.Plain).Count;
        var close = verdict.Standings.Where(s => s.Ratio is { } r && (r.Upper ?? r.Estimate) >= 1 - margin && s.Contender != verdict.Recommended)
            .Select(s => store.For(s.Contender)).OfType<CommitShape>()
            .Where(s => (aggregate ? s.Aggregate : s.Plain).Count < commands && !(s.Shares == SharedWrite.InTransaction && row.Committers > 1))
            .Select(s => s.Strategy).ToArray();
        if (close.Length > 0)
        {
            return $"may flip to {string.Join(" or ", close)}: within the margin here, and fewer commands per commit there";
        }

        return "expected to hold: " + chosen.Shares switch
        {
            SharedWrite.OncePerBatch => $"one writer takes {chosen.Shared} once per batch, so committers never meet there, and no rival within the margin sends fewer commands",
            SharedWrite.Atomically => $"{chosen.Shared} is updated outside the transaction, so a second committer waits rather than aborts, and no rival within the margin sends fewer commands",
            SharedWrite.InTransaction => "one committer, so no second transaction meets it, and no rival within the margin sends fewer commands",
            _ => "its committers share no document, and no rival within the margin sends fewer commands",
        };
    }

    private static string Waits(StoreCommitShapes store)
    {
        var waits = store.Strategies.Select(s => s.DurabilityWaits).Distinct().Order().ToArray();
        return waits.Length == 1 ? string.Create(Invariant, $"{(waits[0] == 1 ? "once" : $"{waits[0]} times")} per commit, in every strategy listed (at its commitTransaction)")
            : string.Join(", ", store.Strategies.Select(s => string.Create(Invariant, $"{s.Strategy} {s.DurabilityWaits}")));
    }
}
