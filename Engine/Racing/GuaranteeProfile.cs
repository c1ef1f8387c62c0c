using EventCommitLab.Engine.Results;

namespace EventCommitLab.Engine.Racing;

/// <summary>
/// What a design review needs a strategy to keep; each cell's race judges the strategies that claim a profile among
/// themselves, so the verdict answers "what is fastest that keeps what we need". Aggregate and append-condition checks
/// are the methods' own (every strategy in an aggregate row keeps its expected versions; only keepers run conditional
/// rows), so they are the rows, not a profile. Adding a profile is one more line in <see cref="All"/>: the race, the
/// record, the pages and <c>compare</c> take every profile from it.
/// </summary>
/// <param name="Id">Its key in results.json.</param>
/// <param name="Title">How the verdict names it.</param>
/// <param name="Keeps">What a member keeps, in a sentence.</param>
/// <param name="SeveralWriters">A member claims to be safe with several writer processes committing to one log.</param>
/// <param name="GapFree">A member claims numbers without gaps that become visible in order.</param>
public sealed record GuaranteeProfile(string Id, string Title, string Keeps, bool SeveralWriters = false, bool GapFree = false)
{
    public static GuaranteeProfile Unique { get; } = new(
        "unique", "Unique numbers", "every acknowledged event stored once with a number of its own, each commit whole (every strategy)");

    public static GuaranteeProfile SeveralWriterProcesses { get; } = new(
        "several-writers", "Unique numbers, several writer processes", "unique numbers while several processes commit to one log", SeveralWriters: true);

    public static GuaranteeProfile Ordered { get; } = new(
        "ordered", "Gap-free, visible in order", "numbers without gaps that become visible in order, so a reader following the log by number never skips one", GapFree: true);

    public static IReadOnlyList<GuaranteeProfile> All { get; } = [Unique, SeveralWriterProcesses, Ordered];

    /// <summary>The group of the ceiling's raw writers: they race each other, and never hold a cell's race open.</summary>
    public const string CeilingGroup = "ceiling";

    /// <summary>Whether a strategy with these claims is judged in this profile; one handed whole groups is a reference, judged in none.</summary>
    public bool Admits(StrategyClaims claims)
    {
        ArgumentNullException.ThrowIfNull(claims);
        return !claims.HandedWholeGroups
            && (!SeveralWriters || claims.SafeWithSeveralWriterProcesses)
            && (!GapFree || (claims.GapFreeSequence && claims.OrderedVisibility));
    }

    public static GuaranteeProfile Get(string id) =>
        All.FirstOrDefault(p => p.Id == id) ?? throw new ArgumentException($"'{id}' is not a guarantee profile; valid: {string.Join(", ", All.Select(p => p.Id))}.", nameof(id));
}
