using System.Text.Json;
using System.Text.Json.Serialization;

namespace EventCommitLab.Engine.Results;

/// <summary>How the lab writes and reads its records (results.json): indented, camel-cased names, enums by name.</summary>
internal static class LabJson
{
    /// <summary>
    /// The version of results.json this harness writes; a record says which it was written at (records written before
    /// versions say none, read as 0). Raised when a field changes meaning or goes, so that a reader refuses what it
    /// would misread.
    /// </summary>
    public const int SchemaVersion = 2;

    /// <summary>The refusal of a record written by a newer harness, or null when this one reads it.</summary>
    public static string? Refusal(string path, int version) =>
        version > SchemaVersion
            ? $"{path} was written at results.json schema {version} by a newer harness; this one reads up to schema {SchemaVersion}: run the harness of that source."
            : null;

    public static JsonSerializerOptions Options { get; } = new()
    {
        WriteIndented = true,
        PropertyNamingPolicy = JsonNamingPolicy.CamelCase,
        Converters = { new JsonStringEnumConverter(JsonNamingPolicy.CamelCase) },
    };
}
