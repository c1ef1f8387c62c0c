using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Reporting;

/// <summary>
/// How far two runs' verdicts agree, per guarantee profile, counted on decisions only: rows decided in both runs and
/// how many of those decided the same (the same choice, or equivalent sets that each hold the other's choice), rows
/// decided in one run only, and rows undecided in both, which agree on nothing (an undecided set holds the leader and
/// every member not yet shown slower, so two of them overlap whatever the truth). A row **conflicts** when the two runs'
/// findings cannot both hold: one run's choice is separably slower than, or out of the race against, the other run's
/// choice in the other run, and the choosing run's own finding on the pair lies apart from that (intervals apart, within
/// the margin against more than it, or separated the other way), whether or not the choosing run decided: an undecided
/// run still puts a name in bold.
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

    /// <summary>Rows decided in both runs with the same kind, the same set and the same choice.</summary>
    public int Identical => Rows.Count(r => r.Identical);

    /// <summary>Rows decided in both runs that choose the same strategy.</summary>
    public int SameChoice => Rows.Count(r => r.SameChoice);

    /// <summary>Rows where one run's choice is separably slower than the other's in the other run (or out of its race against it), decided or not: conflicts and rows separated in one run only.</summary>
    public int ChoiceLostInOther => Rows.Count(r => r.ChoiceLostInOther);

    /// <summary>Rows whose choices only one run separates, within what the other run found: no conflict, but the two runs choose apart.</summary>
    public IReadOnlyList<VerdictDifference> SeparatedInOneRun => [.. Rows.Where(r => r.SeparatedInOneRun is not null)];

    /// <summary>The rows worth a line: every one but those decided the same, with nothing separating the choices.</summary>
    public IReadOnlyList<VerdictDifference> Differences => [.. Rows.Where(r => r.Kind != VerdictDifferenceKind.SameDecision || r.Conflict is not null || r.SeparatedInOneRun is not null)];

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

                var (conflict, separated) = Weigh(old, @new, Direct(older, cell, old), Direct(newer, cell, @new));
                var bothDecided = old is { Kind: not VerdictKind.Undecided } && @new is { Kind: not VerdictKind.Undecided };
                rows.Add(new VerdictDifference(
                    cell, profile.Id, Describe(old, older, cell), Describe(@new, newer, cell), KindOf(old, @new), conflict, separated,
                    bothDecided && old!.Kind == @new!.Kind && old.Recommended == @new.Recommended && old.Set.Order(StringComparer.Ordinal).SequenceEqual(@new.Set.Order(StringComparer.Ordinal)),
                    bothDecided && old!.Recommended == @new!.Recommended));
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

    /// <summary>
    /// What contradicts between the two runs' choices, each looked up in the other run; null when nothing does. A choice
    /// separably slower than, or out of the race against, the other run's choice there contradicts only where the
    /// choosing run's own finding on the same pair cannot hold beside it (<see cref="PairFinding.Contradict"/>): a pair
    /// shown equivalent in one run and a few per cent apart in the other is a choice made differently within the margin,
    /// counted as decided differently, not as a conflict.
    /// </summary>
    /// <param name="olderDirect">Compares two strategies over the older run's rounds of the row (see <see cref="Against"/>); null when the runs' rounds are not at hand.</param>
    /// <param name="newerDirect">The same over the newer run's rounds.</param>
    public static string? ConflictOf(
        ProfileVerdict? older, ProfileVerdict? newer, Func<string, string, PairedComparison?>? olderDirect = null, Func<string, string, PairedComparison?>? newerDirect = null) =>
        Weigh(older, newer, olderDirect, newerDirect).Conflict;

    /// <summary>
    /// The two runs' choices, each looked up in the other run: what contradicts (<see cref="ConflictOf"/>), or else what
    /// only one run separates (a choice separably slower there than the other's, where its own run's finding on the pair
    /// holds beside that); both null when neither choice lost in the other run.
    /// </summary>
    public static (string? Conflict, string? SeparatedInOneRun) Weigh(
        ProfileVerdict? older, ProfileVerdict? newer, Func<string, string, PairedComparison?>? olderDirect = null, Func<string, string, PairedComparison?>? newerDirect = null)
    {
        if (older is null || newer is null || older.Recommended == newer.Recommended)
        {
            return (null, null);
        }

        var oldChoice = Contradiction(older.Recommended, older, "old", olderDirect, newer, "new", newerDirect);
        var newChoice = Contradiction(newer.Recommended, newer, "new", newerDirect, older, "old", olderDirect);
        string Line(string run, string choice, string text) => $"{run}'s choice {choice} {text}";
        return oldChoice is { Contradicts: true } o ? (Line("old", older.Recommended, o.Text), null)
            : newChoice is { Contradicts: true } n ? (Line("new", newer.Recommended, n.Text), null)
            : oldChoice is { } oldApart ? (null, Line("old", older.Recommended, oldApart.Text))
            : newChoice is { } newApart ? (null, Line("new", newer.Recommended, newApart.Text))
            : (null, null);
    }

    /// <summary>
    /// How <paramref name="strategy"/> stands in <paramref name="verdict"/>'s run when it is separably slower than that
    /// run's choice or out of its race against it (null otherwise). The run's standings are against its leader; where its
    /// choice is another member of its set (the one claiming the most), the two are compared directly over the run's
    /// rounds (<paramref name="direct"/>), and without those, a member outside the set that lost to the leader lost to a
    /// choice that stayed in.
    /// </summary>
    public static string? Against(string strategy, ProfileVerdict verdict, string run, Func<string, string, PairedComparison?>? direct = null) =>
        StandingIn(strategy, verdict, run, direct)?.Text;

    /// <summary>
    /// The choosing run's choice as the other run found it against that run's choice, when it lost there, and whether the
    /// choosing run's own finding on the same pair contradicts that (none at hand: it does).
    /// </summary>
    private static (string Text, bool Contradicts)? Contradiction(
        string choice, ProfileVerdict own, string ownRun, Func<string, string, PairedComparison?>? ownDirect,
        ProfileVerdict other, string otherRun, Func<string, string, PairedComparison?>? otherDirect)
    {
        if (StandingIn(choice, other, otherRun, otherDirect) is not { } there)
        {
            return null;
        }

        if (there.Finding is null || FindingIn(own, choice, there.Versus, ownDirect) is not { } here)
        {
            return (there.Text, true);
        }

        return ($"{there.Text}, in {ownRun}: {VerdictText.Ratio(here.Ratio)}", PairFinding.Contradict(here, there.Finding));
    }

    private static (string Text, string Versus, PairFinding? Finding)? StandingIn(
        string strategy, ProfileVerdict verdict, string run, Func<string, string, PairedComparison?>? direct)
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
            return ($"broke a claim in {run} ({why})", verdict.Leader, null);
        }

        if (standing?.Exit is { Reason: RaceExitReason.Hopeless } hopeless)
        {
            var against = verdict.ErrorRate is null ? verdict.Leader : verdict.Recommended;
            return ($"{(hopeless.ErrorRates is null ? $"left {run}'s race {VerdictText.HopelessWhen(hopeless)}" : $"was {VerdictText.HopelessWhen(hopeless)} in {run}")}, against {against} {VerdictText.Ratio(standing.Ratio)}", against, null);
        }

        if (verdict.Recommended != verdict.Leader && direct?.Invoke(strategy, verdict.Recommended) is { } pair)
        {
            return pair.Decision is PairDecision.Behind or PairDecision.Slower
                ? ($"is separably slower than {verdict.Recommended} in {run}: {VerdictText.Ratio(pair.Ratio)}", verdict.Recommended, new PairFinding(pair.Ratio, pair.Decision))
                : null;
        }

        if (standing is null || verdict.Set.Contains(strategy))
        {
            return null;
        }

        // Runs that spent one error rate per row stand every member against their choice, by their own rounds.
        var versus = verdict.ErrorRate is null ? verdict.Leader : verdict.Recommended;
        var ratio = VerdictText.Ratio(standing.Ratio);
        var finding = standing.Ratio is { } interval ? new PairFinding(interval, standing.Decision) : null;
        return standing.Decision is PairDecision.Behind || (verdict.ErrorRate is null && standing.Exit is { Reason: RaceExitReason.Behind }) ? ($"is behind {versus} in {run}: {ratio}", versus, finding)
            : standing.Decision is PairDecision.Slower or PairDecision.Behind || standing.Exit is { Reason: RaceExitReason.Behind } ? ($"is separably slower than {versus} in {run}: {ratio}", versus, finding)
            : null;
    }

    /// <summary>What <paramref name="verdict"/>'s run found of <paramref name="strategy"/> against <paramref name="versus"/>: directly over its rounds, else from a standing against its leader; null when neither is at hand.</summary>
    private static PairFinding? FindingIn(ProfileVerdict verdict, string strategy, string versus, Func<string, string, PairedComparison?>? direct)
    {
        if (direct?.Invoke(strategy, versus) is { } pair)
        {
            return new PairFinding(pair.Ratio, pair.Decision);
        }

        var anchor = verdict.ErrorRate is null ? verdict.Leader : verdict.Recommended;
        if (versus == anchor && verdict.Standings.FirstOrDefault(s => s.Contender == strategy) is { Ratio: { } mine } standing)
        {
            return new PairFinding(mine, standing.Decision);
        }

        return strategy == anchor && verdict.Standings.FirstOrDefault(s => s.Contender == versus) is { Ratio: { } theirs } other
            ? new PairFinding(theirs, other.Decision).Inverse()
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
