using System.Text.Json.Serialization;
using EventCommitLab.Dcb;
using EventCommitLab.Engine.Racing;

namespace EventCommitLab.Harness.DcbAppends;

/// <summary>The dcb suite's grid: dataset sizes x events per append x clients, every workload and appender in each cell.</summary>
/// <param name="Rounds">
/// The most race rounds per cell; in each, every workload-appender pair still racing runs one window, in a shuffled
/// rotated order, after a qualifying round of every pair (a warm-up: nobody leaves after it).
/// </param>
/// <param name="Window">How long each closed-loop window runs.</param>
public sealed record DcbSuiteSettings(
    IReadOnlyList<CourseEnrollmentSize> Sizes,
    IReadOnlyList<int> EventsPerAppend,
    IReadOnlyList<int> Clients,
    IReadOnlyList<int> ConflictingEvents,
    IReadOnlyList<string> Appenders,
    int Rounds,
    TimeSpan Window,
    [property: JsonPropertyName("seed")] int RandomSeed)
{
    public static DcbSuiteSettings Full { get; } = new(
        CourseEnrollmentSize.All, [1, 10], [1, 10, 100], [1, 10, 100], [.. DcbAppenderCatalog.All.Keys], 12, TimeSpan.FromMilliseconds(400), CourseEnrollmentDataset.DefaultRandomSeed);

    public static DcbSuiteSettings Quick { get; } = new(
        [CourseEnrollmentSize.Tiny], [1], [1, 4], [1], [.. DcbAppenderCatalog.All.Keys], 2, TimeSpan.FromMilliseconds(100), CourseEnrollmentDataset.DefaultRandomSeed);

    public IReadOnlyList<DcbWorkload> Workloads => DcbWorkload.For(ConflictingEvents);

    /// <summary>How each cell's race decides.</summary>
    [JsonIgnore]
    public RaceSettings Race => RaceSettings.ForSuite(Rounds);
}
