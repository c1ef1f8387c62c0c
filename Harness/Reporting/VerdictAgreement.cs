using EventCommitLab.Harness.Racing;
using EventCommitLab.Harness.Results;

namespace EventCommitLab.Harness.Reporting;

/// <summary>
/// How far two runs' verdicts agree, per guarantee profile, counted on decisions only: rows decided in both runs and
/// how many of those decided the same (the same choice, or equivalent sets that each hold the other's choice), rows
/// decided in one run only, and rows undecided in both, which agree on nothing (an undecided set holds the leader and
/// every member not yet shown slower, so two of them overlap whatever the truth). A row **conflicts** when one run's
/// choice is separably slower than, or out of the race against, the other run's choice in the other run, whether or
/// not the choosing run decided: an undecided run still puts a name in bold.
/// </summary>
/// <param name="Profile">The guarantee profile's id.</param>
/// <param name="Rows">Every row, one per cell either run has a verdict for or left out.</param>
public sealed record VerdictAgreement(string Profile, IReadOnlyList<VerdictDifference> Rows)
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

        var cells = before.Select(v => v.Cell).Concat(after.Select(v => v.Cell))
            .Concat((older.LeftOut ?? []).Select(c => c.Cell)).Concat((newer.LeftOut ?? []).Select(c => c.Cell))
            .Distinct()
            .Where(c => before.Any(v => v.Cell == c) || after.Any(v => v.Cell == c))
            .OrderBy(c => c.Load).ThenBy(c => c.Method).ThenBy(c => c.ConcurrentBatches).ThenBy(c => c.NumberOfEvents).ThenByDescending(c => c.Aggregates ?? int.MaxValue)
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

                rows.Add(new VerdictDifference(cell, profile.Id, Describe(old, older, cell), Describe(@new, newer, cell), KindOf(old, @new), ConflictOf(old, @new)));
            }

            if (rows.Count > 0)
            {
                agreements.Add(new VerdictAgreement(profile.Id, rows));
            }
        }

        return agreements;
    }

    /// <summary>How two verdicts of one row stand to each other; a missing verdict (the row not run) is undecided.</summary>
    public static VerdictDifferenceKind KindOf(ProfileVerdict? older, ProfileVerdict? newer)
    {
        var oldDecided = older is { Kind: not VerdictKind.Undecided };
        var newDecided = newer is { Kind: not VerdictKind.Undecided };
        return (oldDecided, newDecided) switch
        {
            (true, true) => SameDecision(older!, newer!) ? VerdictDifferenceKind.SameDecision : VerdictDifferenceKind.DifferentDecision,
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
        return older.Recommended == newer.Recommended
            || (older.Kind == VerdictKind.Equivalent && newer.Kind == VerdictKind.Equivalent && newer.Set.Contains(older.Recommended) && older.Set.Contains(newer.Recommended));
    }

    /// <summary>What contradicts between the two runs' choices, each looked up in the other run; null when nothing does.</summary>
    public static string? ConflictOf(ProfileVerdict? older, ProfileVerdict? newer)
    {
        if (older is null || newer is null || older.Recommended == newer.Recommended)
        {
            return null;
        }

        return Against(older.Recommended, newer, "new") is { } oldChoice ? $"old's choice {older.Recommended} {oldChoice}"
            : Against(newer.Recommended, older, "old") is { } newChoice ? $"new's choice {newer.Recommended} {newChoice}"
            : null;
    }

    /// <summary>
    /// How <paramref name="strategy"/> stands in <paramref name="verdict"/>'s run when it is separably slower than that
    /// run's choice or out of its race against it (null otherwise). The run's standings are against its leader, which is
    /// its choice (in runs made before the choice was the leader, one in its set: a member separably slower than the
    /// leader, or out of the race, lost to a choice that stayed in).
    /// </summary>
    public static string? Against(string strategy, ProfileVerdict verdict, string run)
    {
        ArgumentNullException.ThrowIfNull(strategy);
        ArgumentNullException.ThrowIfNull(verdict);
        if (verdict.Standings.FirstOrDefault(s => s.Contender == strategy) is not { } standing || verdict.Set.Contains(strategy))
        {
            return null;
        }

        var ratio = VerdictText.Ratio(standing.Ratio);
        var leader = verdict.Leader == verdict.Recommended ? verdict.Leader : $"{verdict.Leader} (its choice {verdict.Recommended} in the set)";
        return standing.Disqualified is { } why ? $"broke a claim in {run} ({why})"
            : standing.Exit is { Reason: RaceExitReason.Hopeless } ? $"left {run}'s race after the qualifying round, against {leader} {ratio}"
            : standing.Decision is PairDecision.Behind || standing.Exit is { Reason: RaceExitReason.Behind } ? $"is behind {leader} in {run}: {ratio}"
            : standing.Decision is PairDecision.Slower ? $"is separably slower than {leader} in {run}: {ratio}"
            : null;
    }

    private static string Describe(ProfileVerdict? verdict, RunRecord run, CellKey cell) =>
        verdict is not null ? VerdictText.Of(verdict)
        : run.LeftOut?.Any(c => c.Cell == cell) == true ? "not run: the budget left it out"
        : "-";
}
