using System.Text.Json;
using System.Text.Json.Serialization;

namespace EventCommitLab.Harness.Seed;

/// <summary>A seed run as its <c>results.json</c> keeps it (runs made before that: <c>seed.json</c>): where and how it ran, and every case.</summary>
/// <param name="Job">BenchmarkDotNet's job as the page states it (strategy, warm-ups, iterations, toolchain).</param>
public sealed record SeedRun(
    string Cpu, int Cores, string Os, string Runtime, string Store, string Durability, string BenchmarkDotNet, string Job, string CommandLine, string? GitCommit,
    DateTimeOffset Started, DateTimeOffset Finished, IReadOnlyList<SeedCase> Cases)
{
    /// <summary>Where seed runs made before every suite kept a <c>results.json</c> keep their record.</summary>
    public const string FileName = "seed.json";

    private static readonly JsonSerializerOptions Json = new(JsonSerializerDefaults.Web) { WriteIndented = true, DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull };

    /// <summary>The run in <paramref name="folder"/>, or null when the folder holds none.</summary>
    /// <exception cref="InvalidDataException">Its record cannot be read.</exception>
    public static SeedRun? TryRead(string folder) =>
        Engine.Results.SuiteRecord.TryRead(folder) is ({ } suite, { } result)
            ? suite == SeedSuite.Name ? SeedSuite.Report.Result<SeedRun>(result, folder) : null
            : Engine.Results.JsonRecordFile.TryRead<SeedRun>(folder, FileName, Json, "a seed run");
}
