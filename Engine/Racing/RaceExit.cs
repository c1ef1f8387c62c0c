namespace EventCommitLab.Engine.Racing;

/// <summary>When (after how many race rounds; 0 for the qualifying round) and why a contender left its race.</summary>
/// <param name="ErrorRates">
/// Per group it was judged in, the chance at most that the decision that sent it out is wrong: the cut's size (<see
/// cref="StallRates"/>), or the share its row gave its comparisons at the look; null for an exit that decides nothing
/// (failed, reference, outrun, settled) and in runs made before rows spent one error rate.
/// </param>
public sealed record RaceExit(RaceExitReason Reason, int AfterRounds, IReadOnlyDictionary<string, double>? ErrorRates = null)
{
    /// <summary>Whether it left by a decision against the members still racing (a cut, or separably slower at a look), which its row's verdict rests on.</summary>
    public bool Decided => Reason is RaceExitReason.Hopeless or RaceExitReason.Behind;

    public double? ErrorRateIn(string group) => ErrorRates?.GetValueOrDefault(group) is var rate and > 0 ? rate : null;

    public bool Equals(RaceExit? other) =>
        other is not null && Reason == other.Reason && AfterRounds == other.AfterRounds
        && (ErrorRates ?? new Dictionary<string, double>()).OrderBy(e => e.Key, StringComparer.Ordinal)
            .SequenceEqual((other.ErrorRates ?? new Dictionary<string, double>()).OrderBy(e => e.Key, StringComparer.Ordinal));

    public override int GetHashCode() => HashCode.Combine(Reason, AfterRounds, ErrorRates?.Count ?? 0);
}
