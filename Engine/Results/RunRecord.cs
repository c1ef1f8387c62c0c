using System.Text.Json;
using System.Text.Json.Nodes;

namespace EventCommitLab.Engine.Results;

/// <summary>A whole run, as written to results.json: the file the summary, the charts and the comparer read.</summary>
/// <param name="Unavailable">Strategies asked for that the store cannot run, with the reason; null in runs made before it was recorded.</param>
/// <param name="Verdicts">Each cell's race verdicts; null in runs made before the race.</param>
/// <param name="StoreTool">The store's own tool on the same rows as some cells' ceilings; null when it was not run.</param>
/// <param name="LeftOut">The cells the budget left out, whole, last in the order a review needs them; null when it left none out (and in runs made before it could).</param>
/// <param name="CommitShapes">
/// What each strategy's commit sends to every store that states it, as the run's source stated it (the store that ran
/// marked): what the pages reason from about a store the run did not measure; null in runs made before it was recorded.
/// </param>
public sealed record RunRecord(
    RunEnvironment Environment, IReadOnlyList<StrategyClaims> Strategies, IReadOnlyList<CaseResult> Cases, IReadOnlyList<UnavailableStrategy>? Unavailable = null,
    IReadOnlyList<CellVerdict>? Verdicts = null, IReadOnlyList<StoreToolComparison>? StoreTool = null, IReadOnlyList<LeftOutCell>? LeftOut = null,
    IReadOnlyList<Contract.Port.StoreCommitShapes>? CommitShapes = null)
{
    public const string FileName = "results.json";

    private static JsonSerializerOptions Json => LabJson.Options;

    /// <summary>The results.json schema it was written at (see <see cref="LabJson.SchemaVersion"/>); 0 for a record written before versions.</summary>
    public int SchemaVersion { get; init; }

    public string ToJson() => JsonSerializer.Serialize(this with { SchemaVersion = LabJson.SchemaVersion }, Json);

    /// <exception cref="InvalidDataException">The file is not a run record.</exception>
    public static RunRecord Read(string runFolderOrFile)
    {
        var path = Directory.Exists(runFolderOrFile) ? Path.Combine(runFolderOrFile, FileName) : runFolderOrFile;
        if (!File.Exists(path))
        {
            throw new FileNotFoundException($"No run record at {path}: give a folder written by the harness (it holds {FileName}).", path);
        }

        try
        {
            var node = JsonNode.Parse(File.ReadAllText(path)) as JsonObject ?? throw new InvalidDataException($"{path} is empty, or not a JSON object.");
            var version = node["schemaVersion"]?.GetValue<int>() ?? 0;
            if (LabJson.Refusal(path, version) is { } refusal)
            {
                throw new InvalidDataException(refusal);
            }

            return RecordMigration.ToCurrent(node, version).Deserialize<RunRecord>(Json) ?? throw new InvalidDataException($"{path} is empty.");
        }
        catch (JsonException e)
        {
            throw new InvalidDataException($"{path} is not a run record written by this version of the harness: {e.Message}", e);
        }
    }
}
