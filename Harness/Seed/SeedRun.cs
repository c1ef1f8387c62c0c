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

    public void Write(string folder) => File.WriteAllText(Path.Combine(folder, FileName), JsonSerializer.Serialize(this, Json));

    /// <summary>The run in <paramref name="folder"/>, or null when the folder holds no seed run.</summary>
    /// <exception cref="InvalidDataException">Its seed.json cannot be read.</exception>
    public static SeedRun? TryRead(string folder)
    {
        var path = Path.Combine(folder, FileName);
        if (!File.Exists(path))
        {
            return null;
        }

        try
        {
            return JsonSerializer.Deserialize<SeedRun>(File.ReadAllText(path), Json) ?? throw new InvalidDataException($"{path} is empty.");
        }
        catch (JsonException e)
        {
            throw new InvalidDataException($"{path} is not a seed run: {e.Message}", e);
        }
    }
}
