using EventCommitLab.Harness.Racing;
using EventCommitLab.Harness.Results;

namespace EventCommitLab.Harness.Reporting;

/// <summary>
/// How far two runs' verdicts agree, per guarantee profile: a row agrees when both runs recommend the same strategy, or
/// each run's recommendation is in the other's verdict set (a winner, an equivalent set, or the undecided leaders); it
/// conflicts when a strategy one run recommends with a decided verdict (a winner, or the choice in an equivalent set) is
/// behind in the other (separably slower, left the race, or broke a claim). An undecided row recommends nothing firmly:
/// its bold choice only orders a set the race could not separate, so it cannot conflict.
/// </summary>
/// <param name="Profile">The guarantee profile's id.</param>
/// <param name="Rows">Rows with a verdict in both runs.</param>
/// <param name="Agreeing">Rows whose verdicts agree.</param>
/// <param name="OlderUndecided">Rows undecided in the older run.</param>
/// <param name="NewerUndecided">Rows undecided in the newer run.</param>
public sealed record VerdictAgreement(string Profile, int Rows, int Agreeing, int OlderUndecided, int NewerUndecided, IReadOnlyList<VerdictDifference> Differences)
{
    public IReadOnlyList<VerdictDifference> Conflicts => [.. Differences.Where(d => d.Conflict)];

    public double? Share => Rows == 0 ? null : (double)Agreeing / Rows;

    /// <summary>One agreement per profile both runs judged; empty when either run predates the race.</summary>
    public static IReadOnlyList<VerdictAgreement> Of(RunRecord older, RunRecord newer)
    {
        ArgumentNullException.ThrowIfNull(older);
        ArgumentNullException.ThrowIfNull(newer);
        if (older.Verdicts is not { } before || newer.Verdicts is not { } after)
        {
            return [];
        }

        var agreements = new List<VerdictAgreement>();
        foreach (var profile in GuaranteeProfile.All)
        {
            var pairs = before.Select(o => (Old: o, New: after.FirstOrDefault(n => n.Cell == o.Cell)))
                .Where(p => p.New is not null && p.Old.For(profile.Id) is not null && p.New.For(profile.Id) is not null)
                .Select(p => (p.Old.Cell, Old: p.Old.For(profile.Id)!, New: p.New!.For(profile.Id)!))
                .OrderBy(p => p.Cell.Load).ThenBy(p => p.Cell.Method).ThenBy(p => p.Cell.ConcurrentBatches).ThenBy(p => p.Cell.NumberOfEvents)
                .ToArray();
            if (pairs.Length == 0)
            {
                continue;
            }

            var differences = pairs.Where(p => !Agree(p.Old, p.New))
                .Select(p => new VerdictDifference(p.Cell, profile.Id, VerdictText.Of(p.Old), VerdictText.Of(p.New), Conflict(p.Old, p.New) || Conflict(p.New, p.Old)))
                .ToArray();
            agreements.Add(new VerdictAgreement(
                profile.Id, pairs.Length, pairs.Length - differences.Length,
                pairs.Count(p => p.Old.Kind == VerdictKind.Undecided), pairs.Count(p => p.New.Kind == VerdictKind.Undecided), differences));
        }

        return agreements;
    }

    public static bool Agree(ProfileVerdict older, ProfileVerdict newer)
    {
        ArgumentNullException.ThrowIfNull(older);
        ArgumentNullException.ThrowIfNull(newer);
        return older.Recommended == newer.Recommended || (newer.Set.Contains(older.Recommended) && older.Set.Contains(newer.Recommended));
    }

    /// <summary>Whether <paramref name="one"/> decided on a strategy that lost in <paramref name="other"/>.</summary>
    public static bool Conflict(ProfileVerdict one, ProfileVerdict other)
    {
        ArgumentNullException.ThrowIfNull(one);
        return one.Kind != VerdictKind.Undecided && Behind(one.Recommended, other);
    }

    /// <summary>Whether <paramref name="strategy"/> lost in <paramref name="verdict"/>: not in its set, and shown slower, gone from the race, or disqualified.</summary>
    public static bool Behind(string strategy, ProfileVerdict verdict)
    {
        ArgumentNullException.ThrowIfNull(verdict);
        if (verdict.Set.Contains(strategy))
        {
            return false;
        }

        return verdict.Standings.FirstOrDefault(s => s.Contender == strategy) is { } standing
            && (standing.Disqualified is not null || standing.Decision is PairDecision.Behind or PairDecision.Slower || standing.Exit is { Reason: RaceExitReason.Hopeless or RaceExitReason.Behind });
    }
}
