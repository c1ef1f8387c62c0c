using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Reporting;

/// <summary>
/// How far two runs' verdicts agree, per guarantee profile, counted on decisions only: rows decided in both runs and
/// how many of those decided the same (the same choice, or equivalent sets that each hold the other's choice), rows
/// decided in one run only, and rows undecided in both, which agree on nothing (an undecided set holds the leader and
/// every member not yet shown slower, so two of them overlap whatever the truth). A row **conflicts** when one run's
/// choice is separably slower than, or out of the race against, the other run's choice in the other run, whether or
/// not the choosing run decided: an undecided run still puts a name in bold.
/// </summary>
/// <param name="Profile">The guarantee profile's id.</param>
/// <param name="Rows">Every row both runs' grids hold (a verdict, or left out by the budget), with a verdict in either.</param>
/// <param name="OnlyInOlder">Rows only the older run's grid holds (a run of a reduced grid, such as a reference, holds fewer): not compared.</param>
/// <param name="OnlyInNewer">Rows only the newer run's grid holds: not compared.</param>
public sealed record VerdictAgreement(string Profile, IReadOnlyList<VerdictDifference> Rows, int OnlyInOlder = 0, int OnlyInNewer = 0)
{
    public int DecidedInBoth => Rows.Count(r => r.Kind is VerdictDifferenceKind.SameDecision or VerdictDifferenceKind.DifferentDecision);

    public int DecidedTheSame => Rows.Count(r => r.Kind == VerdictDifferenceKind.SameDecision);

    public int DecidedInOlderOnly => Rows.Count(r => r.Kind == VerdictDifferenceKind.DecidedInOlderOnly);

    public int DecidedInNewerOnly => Rows.Count(r => r.Kind == VerdictDifferenceKind.DecidedInNewerOnly);

    public int UndecidedInBoth => Rows.Count(r => r.Kind == VerdictDifferenceKind.UndecidedInBoth);

    public IReadOnlyList<VerdictDifference> Conflicts => [.. Rows.Where(r => r.Conflict is not null)];

    /// <summary>The rows worth a line: every one but those decided the same without conflict.</summary>
    public IReadOnlyList<VerdictDifference> Differences => [.. Rows.Where(r => r.Kind != VerdictDifferenceKind.SameDecision || r.Conflict is not null)];

    /// <summary>Of the rows decided in both runs, the share decided the same; null when none was.</summary>
    public double? SameShare => DecidedInBoth == 0 ? null : (double)DecidedTheSame / DecidedInBoth;

    /// <summary>One agreement per profile either run judged; empty when either run predates the race.</summary>
    public static IReadOnlyList<VerdictAgreement> Of(RunRecord older, RunRecord newer)
    {
        ArgumentNullException.ThrowIfNull(older);
        ArgumentNullException.ThrowIfNull(newer);
        if (older.Verdicts is not { } before || newer.Verdicts is not { } after)
        {
            return [];
        }

        var oldGrid = before.Select(v => v.Cell).Concat((older.LeftOut ?? []).Select(c => c.Cell)).ToHashSet();
        var newGrid = after.Select(v => v.Cell).Concat((newer.LeftOut ?? []).Select(c => c.Cell)).ToHashSet();
        var cells = oldGrid.Intersect(newGrid)
            .Where(c => before.Any(v => v.Cell == c) || after.Any(v => v.Cell == c))
            .OrderBy(c => c.Load).ThenBy(c => c.Method).ThenBy(c => c.Committers).ThenBy(c => c.NumberOfEvents).ThenByDescending(c => c.Aggregates ?? int.MaxValue).ThenBy(c => c.Commands)
            .ThenBy(c => c.Durability, StringComparer.Ordinal)
            .ToArray();
        var agreements = new List<VerdictAgreement>();
        foreach (var profile in GuaranteeProfile.All)
        {
            var rows = new List<VerdictDifference>();
            foreach (var cell in cells)
            {
                var old = before.FirstOrDefault(v => v.Cell == cell)?.For(profile.Id);
                var @new = after.FirstOrDefault(v => v.Cell == cell)?.For(profile.Id);
                if (old is null && @new is null)
                {
                    continue;
                }

                rows.Add(new VerdictDifference(
                    cell, profile.Id, Describe(old, older, cell), Describe(@new, newer, cell), KindOf(old, @new),
                    ConflictOf(old, @new, Direct(older, cell, old), Direct(newer, cell, @new))));
            }

            if (rows.Count > 0)
            {
                agreements.Add(new VerdictAgreement(
                    profile.Id, rows,
                    before.Count(v => v.For(profile.Id) is not null && !newGrid.Contains(v.Cell)),
                    after.Count(v => v.For(profile.Id) is not null && !oldGrid.Contains(v.Cell))));
            }
        }

        return agreements;
    }

    /// <summary>How two verdicts of one row stand to each other; a missing verdict (the row not run) is undecided.</summary>
    public static VerdictDifferenceKind KindOf(ProfileVerdict? older, ProfileVerdict? newer) =>
        KindOf(Decision(older), Decision(newer));

    /// <summary>
    /// How two runs' decisions on one row stand (the main job's profiles and the suites' races alike): each run's kind of
    /// verdict, its choice and its set, null where the row was not run (undecided).
    /// </summary>
    public static VerdictDifferenceKind KindOf(
        (VerdictKind Kind, string Choice, IReadOnlyList<string> Set)? older, (VerdictKind Kind, string Choice, IReadOnlyList<string> Set)? newer)
    {
        var oldDecided = older is { Kind: not VerdictKind.Undecided };
        var newDecided = newer is { Kind: not VerdictKind.Undecided };
        return (oldDecided, newDecided) switch
        {
            (true, true) => SameDecision(older!.Value, newer!.Value) ? VerdictDifferenceKind.SameDecision : VerdictDifferenceKind.DifferentDecision,
            (true, false) => VerdictDifferenceKind.DecidedInOlderOnly,
            (false, true) => VerdictDifferenceKind.DecidedInNewerOnly,
            _ => VerdictDifferenceKind.UndecidedInBoth,
        };
    }

    /// <summary>Two decided verdicts decide the same: the same choice, or equivalent sets that each hold the other's choice.</summary>
    public static bool SameDecision(ProfileVerdict older, ProfileVerdict newer)
    {
        ArgumentNullException.ThrowIfNull(older);
        ArgumentNullException.ThrowIfNull(newer);
        return SameDecision(Decision(older)!.Value, Decision(newer)!.Value);
    }

    private static bool SameDecision((VerdictKind Kind, string Choice, IReadOnlyList<string> Set) older, (VerdictKind Kind, string Choice, IReadOnlyList<string> Set) newer) =>
        older.Choice == newer.Choice
        || (older.Kind == VerdictKind.Equivalent && newer.Kind == VerdictKind.Equivalent && newer.Set.Contains(older.Choice) && older.Set.Contains(newer.Choice));

    private static (VerdictKind Kind, string Choice, IReadOnlyList<string> Set)? Decision(ProfileVerdict? verdict) =>
        verdict is null ? null : (verdict.Kind, verdict.Recommended, verdict.Set);

    /// <summary>What contradicts between the two runs' choices, each looked up in the other run; null when nothing does.</summary>
    /// <param name="olderDirect">Compares two strategies over the older run's rounds of the row (see <see cref="Against"/>); null when the runs' rounds are not at hand.</param>
    /// <param name="newerDirect">The same over the newer run's rounds.</param>
    public static string? ConflictOf(
        ProfileVerdict? older, ProfileVerdict? newer, Func<string, string, PairedComparison?>? olderDirect = null, Func<string, string, PairedComparison?>? newerDirect = null)
    {
        if (older is null || newer is null || older.Recommended == newer.Recommended)
        {
            return null;
        }

        return Against(older.Recommended, newer, "new", newerDirect) is { } oldChoice ? $"old's choice {older.Recommended} {oldChoice}"
            : Against(newer.Recommended, older, "old", olderDirect) is { } newChoice ? $"new's choice {newer.Recommended} {newChoice}"
            : null;
    }

    /// <summary>
    /// How <paramref name="strategy"/> stands in <paramref name="verdict"/>'s run when it is separably slower than that
    /// run's choice or out of its race against it (null otherwise). The run's standings are against its leader; where its
    /// choice is another member of its set (the one claiming the most), the two are compared directly over the run's
    /// rounds (<paramref name="direct"/>), and without those, a member outside the set that lost to the leader lost to a
    /// choice that stayed in.
    /// </summary>
    public static string? Against(string strategy, ProfileVerdict verdict, string run, Func<string, string, PairedComparison?>? direct = null)
    {
        ArgumentNullException.ThrowIfNull(strategy);
        ArgumentNullException.ThrowIfNull(verdict);
        var standing = verdict.Standings.FirstOrDefault(s => s.Contender == strategy);
        if (standing is null && strategy != verdict.Leader)
        {
            return null;
        }

        if (standing?.Disqualified is { } why)
        {
            return $"broke a claim in {run} ({why})";
        }

        if (standing?.Exit is { Reason: RaceExitReason.Hopeless })
        {
            return $"left {run}'s race after the qualifying round, against {verdict.Leader} {VerdictText.Ratio(standing.Ratio)}";
        }

        if (verdict.Recommended != verdict.Leader && direct?.Invoke(strategy, verdict.Recommended) is { } pair)
        {
            return pair.Decision is PairDecision.Behind or PairDecision.Slower
                ? $"is separably slower than {verdict.Recommended} in {run}: {VerdictText.Ratio(pair.Ratio)}"
                : null;
        }

        if (standing is null || verdict.Set.Contains(strategy))
        {
            return null;
        }

        var ratio = VerdictText.Ratio(standing.Ratio);
        return standing.Decision is PairDecision.Behind || standing.Exit is { Reason: RaceExitReason.Behind } ? $"is behind {verdict.Leader} in {run}: {ratio}"
            : standing.Decision is PairDecision.Slower ? $"is separably slower than {verdict.Leader} in {run}: {ratio}"
            : null;
    }

    /// <summary>Compares two strategies over a run's rounds of a row, as its race would at the rounds the row was judged over; null without a race or the cases.</summary>
    private static Func<string, string, PairedComparison?>? Direct(RunRecord run, CellKey cell, ProfileVerdict? verdict)
    {
        if (run.Environment.Measurement.Race is not { } race || verdict is null)
        {
            return null;
        }

        var judged = verdict.Rounds;
        IReadOnlyList<double?>? Rounds(string name) => run.Cases.FirstOrDefault(c => c.Cell == cell && c.Contender == name)?.Race.RoundEventsPerSecond is { } rounds
            ? [.. rounds.Take(judged ?? rounds.Count)]
            : null;
        return (strategy, other) => Rounds(strategy) is { } mine && Rounds(other) is { } theirs ? PairedComparison.Of(mine, theirs, race) : null;
    }

    private static string Describe(ProfileVerdict? verdict, RunRecord run, CellKey cell) =>
        verdict is not null ? VerdictText.Of(verdict)
        : run.LeftOut?.Any(c => c.Cell == cell) == true ? "not run: the budget left it out"
        : "-";
}
