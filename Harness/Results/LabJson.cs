using System.Text.Json;
using System.Text.Json.Serialization;

namespace EventCommitLab.Harness.Results;

/// <summary>How the lab writes and reads its records (results.json): indented, camel-cased names, enums by name.</summary>
internal static class LabJson
{
    public static JsonSerializerOptions Options { get; } = new()
    {
        WriteIndented = true,
        PropertyNamingPolicy = JsonNamingPolicy.CamelCase,
        Converters = { new JsonStringEnumConverter(JsonNamingPolicy.CamelCase) },
    };
}
