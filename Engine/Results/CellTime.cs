namespace EventCommitLab.Engine.Results;

/// <summary>
/// Where a cell's time went, in seconds: its mandatory part (the contenders' starts with their warm-ups, the qualifying
/// round, the race rounds to the first look, the checks that read every log back), which it pays whatever its race,
/// and the race rounds after the first look, which are all a cell's budget can buy more of. A run on a slow day reads
/// here what the mandatory parts took from racing.
/// </summary>
/// <param name="AllowanceSeconds">The cell's share of the budget when it started; null in a run without a budget.</param>
/// <param name="StartsSeconds">Every contender's fresh log, warm-up and first connections.</param>
/// <param name="QualifyingSeconds">The qualifying round, every contender once, with the tailing readers following.</param>
/// <param name="RacingSeconds">The race rounds, those to the first look with them.</param>
/// <param name="ChecksSeconds">Stopping every contender and reading its log back.</param>
/// <param name="FirstLookSeconds">Of the race rounds, those to the first look, which run whatever the cell's share; null in runs made before it was kept.</param>
/// <param name="Turns">Where the qualifying and race rounds' turns spent their time; null in runs made before it was kept.</param>
public sealed record CellTime(
    double? AllowanceSeconds, double StartsSeconds, double QualifyingSeconds, double RacingSeconds, double ChecksSeconds, double? FirstLookSeconds = null, TurnTime? Turns = null)
{
    /// <summary>The mandatory part: the starts, the qualifying round, the rounds to the first look (where kept) and the checks.</summary>
    public double MandatorySeconds => StartsSeconds + QualifyingSeconds + (FirstLookSeconds ?? 0) + ChecksSeconds;
}
