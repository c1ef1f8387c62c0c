using EventCommitLab.Engine.Racing;

namespace EventCommitLab.Engine.Results;

/// <summary>What a cell's race decided, per guarantee profile, as results.json keeps it for the verdict page and the comparer.</summary>
/// <param name="Rounds">Race rounds run (the qualifying round not counted).</param>
/// <param name="End">Why the race ended.</param>
/// <param name="Ceiling">The ceiling: round by round the fastest raw writer still racing, as a geometric mean with its 95% interval.</param>
/// <param name="CeilingVariant">The raw writer that led the ceiling's race.</param>
/// <param name="Profiles">One verdict per guarantee profile with a strategy measured in it.</param>
/// <param name="Aggregates">The aggregates a contended cell's committers draw from; null for one per committer.</param>
/// <param name="Durability">The cell's durability in a run over several; null in a run over one.</param>
/// <param name="Commands">How a contended cell's commands ran (optimistic in runs made before command modes).</param>
/// <param name="Time">Where the cell's time went; null in runs made before it was recorded.</param>
public sealed record CellVerdict(
    LoadKind Load, BenchmarkMethod Method, int NumberOfEvents, int Committers, int Rounds, RaceEnd? End, Interval? Ceiling, string? CeilingVariant,
    IReadOnlyList<ProfileVerdict> Profiles, int? Aggregates = null, string? Durability = null, CommandMode Commands = CommandMode.Optimistic,
    CellTime? Time = null)
{
    public CellKey Cell => new(Load, Method, NumberOfEvents, Committers, Aggregates, Durability, Commands);

    public ProfileVerdict? For(string profile) => Profiles.FirstOrDefault(p => p.Profile == profile);
}
