using System.Text.Json.Serialization;

using EventCommitLab.Harness.DcbAppends;

namespace EventCommitLab.Harness.Reads;

/// <summary>The reads suite's sizes.</summary>
/// <param name="Tags">Tags in the query log, each on <paramref name="EventsPerTag"/> events.</param>
/// <param name="ProjectSize">The course-enrollment dataset Project rebuilds its counts from.</param>
/// <param name="Readers">Reader (or appender) counts, the x axis of every table.</param>
/// <param name="Window">Each time-bound window (queries, appends).</param>
/// <param name="ReaderEvents">Events each following reader reads per round.</param>
/// <param name="ThrottledRate">Events/s each throttled reader is held to.</param>
/// <param name="Background">Writers appending while readers read, and readers reading while appenders append.</param>
public sealed record ReadsSuiteSettings(
    int Tags, int EventsPerTag, CourseEnrollmentSize ProjectSize, IReadOnlyList<int> Readers, int Rounds, TimeSpan Window,
    int ReaderEvents, double ThrottledRate, int Background, int PageSize, [property: JsonPropertyName("seed")] int RandomSeed)
{
    public static ReadsSuiteSettings Full { get; } = new(100_000, 10, CourseEnrollmentSize.Small, [1, 10, 100], 5, TimeSpan.FromSeconds(1), 10_000, 10_000, 4, 1_000, CourseEnrollmentDataset.DefaultRandomSeed);

    public static ReadsSuiteSettings Quick { get; } = new(1_000, 10, CourseEnrollmentSize.Tiny, [1, 4], 2, TimeSpan.FromMilliseconds(100), 500, 10_000, 4, 100, CourseEnrollmentDataset.DefaultRandomSeed);
}
