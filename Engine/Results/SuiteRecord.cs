using System.Text.Json;
using System.Text.Json.Nodes;

namespace EventCommitLab.Engine.Results;

/// <summary>
/// A suite's run as its <c>results.json</c> keeps it: <c>{"suite": NAME, "result": {...}}</c>, the result being the
/// suite's own result record (its environment inside). The main job's <c>results.json</c> is a <see cref="RunRecord"/>
/// and has no <c>suite</c>: that is how the two are told apart.
/// </summary>
public static class SuiteRecord
{
    public const string FileName = RunRecord.FileName;

    internal static JsonSerializerOptions Json => LabJson.Options;

    public static void Write<T>(string folder, string suite, T result) =>
        File.WriteAllText(Path.Combine(folder, FileName), new JsonObject
        {
            ["schemaVersion"] = LabJson.SchemaVersion,
            ["suite"] = suite,
            ["result"] = JsonSerializer.SerializeToNode(result, Json),
        }.ToJsonString(Json));

    /// <summary>The suite named in <paramref name="folder"/>'s results.json and its result, unread; null when the file is not a suite's.</summary>
    /// <exception cref="InvalidDataException">The file is not JSON.</exception>
    public static (string Suite, JsonNode Result)? TryRead(string folder)
    {
        var path = Path.Combine(folder, FileName);
        if (!File.Exists(path))
        {
            return null;
        }

        try
        {
            if (JsonNode.Parse(File.ReadAllText(path)) is not JsonObject { } record
                || record["suite"]?.GetValue<string>() is not { } suite || record["result"] is not { } result)
            {
                return null;
            }

            return LabJson.Refusal(path, record["schemaVersion"]?.GetValue<int>() ?? 0) is { } refusal ? throw new InvalidDataException(refusal) : (suite, result);
        }
        catch (JsonException e)
        {
            throw new InvalidDataException($"{path} is not a record written by the harness: {e.Message}", e);
        }
    }

    /// <summary>The source commit a suite's result names: its environment's, or its own where the record keeps it at the top.</summary>
    public static string? SourceOf(JsonNode result)
    {
        ArgumentNullException.ThrowIfNull(result);
        return (result["environment"]?["gitCommit"] ?? result["gitCommit"])?.GetValue<string>();
    }
}
