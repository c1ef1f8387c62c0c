using System.Text.Json;
using System.Text.Json.Serialization;

namespace EventCommitLab.Harness.Seed;

/// <summary>A seed run as <c>seed.json</c> keeps it: where and how it ran, and every case.</summary>
/// <param name="Job">BenchmarkDotNet's job as the page states it (strategy, warm-ups, iterations, toolchain).</param>
public sealed record SeedRun(
    string Cpu, int Cores, string Os, string Runtime, string Store, string Durability, string BenchmarkDotNet, string Job, string CommandLine, string? GitCommit,
    DateTimeOffset Started, DateTimeOffset Finished, IReadOnlyList<SeedCase> Cases)
{
    public const string FileName = "seed.json";

    private static readonly JsonSerializerOptions Json = new(JsonSerializerDefaults.Web) { WriteIndented = true, DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull };

    public void Write(string folder) => Results.JsonRecordFile.Write(this, folder, FileName, Json);

    /// <summary>The run in <paramref name="folder"/>, or null when the folder holds none.</summary>
    /// <exception cref="InvalidDataException">Its seed.json cannot be read.</exception>
    public static SeedRun? TryRead(string folder) => Results.JsonRecordFile.TryRead<SeedRun>(folder, FileName, Json, "a seed run");
}
