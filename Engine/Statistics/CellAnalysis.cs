using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Engine.Statistics;

/// <summary>
/// Turns one cell's rounds into what the tables say: each contender's events/s with its interval, the ceiling (round by
/// round the fastest raw writer still racing) and each strategy's paired ratio to it, and per guarantee profile the
/// race's verdict among the strategies that claim the profile and kept every claim the verifier and the readers checked.
/// </summary>
public static class CellAnalysis
{
    /// <summary>The level of the intervals the tables show (events/s, ratio to the ceiling).</summary>
    public const double ErrorRate = 0.05;

    /// <summary>A cell analysed as the race judges it; contenders without claims are judged as unique-number strategies only.</summary>
    public static IReadOnlyList<CaseResult> Analyse(IReadOnlyList<CaseResult> cell) =>
        Analyse(cell, [], RaceSettings.Default(Math.Max(2, cell?.Max(c => c.Race.RoundEventsPerSecond.Count) ?? 2)), end: null).Cases;

    /// <param name="groupEnds">When and why each profile's race ended (<see cref="Race.GroupEnds"/>); a profile missing from it is judged over every round.</param>
    /// <param name="rivals">Each profile's rivals in the race (<see cref="Race.RivalsIn"/>); a profile missing from it counts its admitted strategies less one.</param>
    public static (IReadOnlyList<CaseResult> Cases, CellVerdict? Verdict) Analyse(
        IReadOnlyList<CaseResult> cell, IReadOnlyList<StrategyClaims> claims, RaceSettings race, RaceEnd? end, IReadOnlyDictionary<string, GroupEnd>? groupEnds = null,
        IReadOnlyDictionary<string, int>? rivals = null)
    {
        ArgumentNullException.ThrowIfNull(cell);
        ArgumentNullException.ThrowIfNull(claims);
        ArgumentNullException.ThrowIfNull(race);
        if (cell.Count == 0)
        {
            return ([], null);
        }

        var measured = cell.Select(c => c with { Race = c.Race with { EventsPerSecond = Rate(c) } }).ToArray();
        var ceilings = measured.Where(c => c.IsCeiling && c.Failure is null).ToArray();
        var rounds = measured.Max(c => c.Race.RoundEventsPerSecond.Count);
        var envelope = Enumerable.Range(0, rounds)
            .Select(i => ceilings.Select(c => i < c.Race.RoundEventsPerSecond.Count ? c.Race.RoundEventsPerSecond[i] : null).Where(r => r is > 0).Max())
            .ToArray();
        var ceilingRate = envelope.Any(r => r is > 0) ? LogStatistics.GeometricMean([.. envelope.OfType<double>()], ErrorRate) : null;
        var ceilingLeader = ceilings.Where(c => c.Race.RoundEventsPerSecond.Any(r => r is > 0)).MaxBy(c => c.Race.RoundEventsPerSecond.Count(r => r is > 0))?.Contender;
        measured = [.. measured.Select(c => c with
        {
            Race = c.Race with { RatioToCeiling = c.IsCeiling || c.Failure is not null ? null : LogStatistics.PairedRatio(c.Race.RoundEventsPerSecond, envelope, ErrorRate) },
        })];

        var profiles = new List<ProfileVerdict>();
        foreach (var profile in GuaranteeProfile.All)
        {
            if (Judge(profile, measured, claims, race, groupEnds?.GetValueOrDefault(profile.Id), rivals?.GetValueOrDefault(profile.Id)) is { } verdict)
            {
                profiles.Add(verdict);
            }
        }

        var unique = profiles.FirstOrDefault(p => p.Profile == GuaranteeProfile.Unique.Id);
        measured = [.. measured.Select(c => c with
        {
            Race = c.Race with
            {
                IsBest = unique is not null && c.Contender == unique.Leader,
                TiedWithBest = unique is not null && c.Contender != unique.Leader && unique.Set.Contains(c.Contender),
            },
        })];
        var first = measured[0];
        return (measured, new CellVerdict(first.Cell.Load, first.Cell.Method, first.Cell.NumberOfEvents, first.Cell.Committers,
            measured.Max(c => c.Race.RoundEventsPerSecond.Count), end, ceilingRate, ceilingLeader, profiles, first.Cell.Aggregates, first.Cell.Durability, first.Cell.Commands));
    }

    /// <summary>Whether the row's leader won outright: no other strategy is equivalent to it or still undecided against it.</summary>
    public static bool HasSeparableWinner(IEnumerable<CaseResult> cell)
    {
        ArgumentNullException.ThrowIfNull(cell);
        var cases = cell.ToArray();
        return cases.Any(c => c.Race.IsBest) && !cases.Any(c => c.Race.TiedWithBest);
    }

    /// <summary>Why a case that claims a profile is not judged in it: it failed, or a check found one of its claims broken.</summary>
    public static string? Disqualification(CaseResult c)
    {
        ArgumentNullException.ThrowIfNull(c);
        if (c.Failure is not null)
        {
            return "failed";
        }

        var broken = c.Verification.Violations.Where(v => v.IsFailure).Select(v => v.Kind.ToString()).Distinct().ToArray();
        return c.Verification.Checked != VerificationKind.NotChecked && !c.Verification.Passed
            ? $"broke a claim ({(broken.Length > 0 ? string.Join(", ", broken) : "the log did not match the ledger")})"
            : null;
    }

    private static ProfileVerdict? Judge(GuaranteeProfile profile, IReadOnlyList<CaseResult> cases, IReadOnlyList<StrategyClaims> claims, RaceSettings race, GroupEnd? end, int? rivals)
    {
        var admitted = cases.Where(c => !c.IsCeiling && profile.Admits(ClaimsOf(c.Contender, claims))).ToArray();
        var members = admitted.ToDictionary(c => c.Contender, StringComparer.Ordinal);
        var rounds = end?.Rounds ?? (admitted.Length == 0 ? 0 : admitted.Max(c => c.Race.RoundEventsPerSecond.Count));
        if (GroupJudgement.Judge(
                [.. admitted.Select(c => c.Contender)], m => members[m].Race.RoundEventsPerSecond, m => members[m].Race.Exit, m => members[m].Race.QualifyingEventsPerSecond,
                m => Disqualification(members[m]), race, profile.Id, rounds, rivals ?? Math.Max(0, admitted.Length - 1), m => Preference(m, claims)) is not { } judged)
        {
            return null;
        }

        var standing = judged.Standing;
        return new ProfileVerdict(profile.Id, standing.Kind, standing.Leader, standing.Set, judged.Choice, judged.Others, end?.Rounds, end?.End, race.ErrorRate);
    }

    /// <summary>
    /// Which member of an equivalent set to choose first (lower first): the one claiming the most guarantees, then the
    /// first in the catalog's order (the order <paramref name="claims"/> lists them in: the current implementation first,
    /// since choosing it changes nothing). A set's members are within the margin of its leader, so which of them leads is
    /// down to the rounds and two runs would name different members; what each claims and where the catalog lists it do
    /// not change between runs, so two runs that find the same set choose the same member.
    /// </summary>
    public static int Preference(string strategy, IReadOnlyList<StrategyClaims> claims)
    {
        ArgumentNullException.ThrowIfNull(claims);
        var index = claims.Select(c => c.Strategy).ToList().IndexOf(strategy);
        return (-Strength(ClaimsOf(strategy, claims)) * 1000) + (index < 0 ? 999 : index);
    }

    /// <summary>How much a strategy's claims give a user, to choose within a set the race shows equivalent.</summary>
    private static int Strength(StrategyClaims c) =>
        (c.SafeWithSeveralWriterProcesses ? 16 : 0) + (c.GapFreeSequence && c.OrderedVisibility ? 8 : 0) + (c.KeepsAppendConditions ? 4 : 0)
        + (c.HorizonOrderedVisibility ? 2 : 0) + (c.ContiguousCommit ? 1 : 0);

    private static StrategyClaims ClaimsOf(string strategy, IReadOnlyList<StrategyClaims> claims) =>
        claims.FirstOrDefault(c => c.Strategy == strategy) ?? new StrategyClaims(strategy, true, false, false, false);

    private static Interval? Rate(CaseResult c)
    {
        if (c.Failure is not null)
        {
            return null;
        }

        var rounds = c.Race.RoundEventsPerSecond.Where(r => r is > 0).Select(r => r!.Value).ToArray();
        return rounds.Length > 0 ? LogStatistics.GeometricMean(rounds, ErrorRate)
            : c.Race.QualifyingEventsPerSecond is > 0 ? new Interval(c.Race.QualifyingEventsPerSecond.Value, null, null, 1)
            : null;
    }
}
