using System.Text.Json;
using System.Text.Json.Serialization;

namespace EventCommitLab.Harness.Sweep;

/// <summary>A sweep as its <c>results.json</c> keeps it (sweeps made before that: <c>sweep.json</c>).</summary>
/// <param name="SloMs">The p99 latency objective the capacity is read at.</param>
/// <param name="WindowSeconds">Each step's measured window (it stays open until every committer was acknowledged five times, at most ten windows).</param>
/// <param name="ChosenFrom">The run whose verdict named the strategies; null when --strategies named them.</param>
/// <param name="Windows">Windows per open-loop step.</param>
public sealed record SweepRun(
    string Cpu, int Cores, string Store, string Durability, string CommandLine, string? GitCommit, DateTimeOffset Started, DateTimeOffset Finished,
    string Method, int NumberOfEvents, int Committers, double SloMs, double WindowSeconds, string? ChosenFrom, IReadOnlyList<SweepCurve> Curves, int Windows = 1)
{
    /// <summary>Where sweeps made before every suite kept a <c>results.json</c> keep their record.</summary>
    public const string FileName = "sweep.json";

    private static readonly JsonSerializerOptions Json = new(JsonSerializerDefaults.Web)
    {
        WriteIndented = true,
        DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull,
        Converters = { new JsonStringEnumConverter(JsonNamingPolicy.KebabCaseLower) },
    };

    /// <summary>The run in <paramref name="folder"/>, or null when the folder holds none.</summary>
    /// <exception cref="InvalidDataException">Its sweep.json cannot be read.</exception>
    public static SweepRun? TryRead(string folder) =>
        Engine.Results.SuiteRecord.TryRead(folder) is ({ } suite, { } result)
            ? suite == SweepSuite.Name ? SweepSuite.Report.Result<SweepRun>(result, folder) : null
            : Engine.Results.JsonRecordFile.TryRead<SweepRun>(folder, FileName, Json, "a sweep");
}
