using System.Text.Json;

namespace EventCommitLab.Engine.Results;

/// <summary>A run's record as one JSON file in its folder: written whole, read back or found absent.</summary>
internal static class JsonRecordFile
{
    public static void Write<T>(T record, string folder, string fileName, JsonSerializerOptions json) =>
        File.WriteAllText(Path.Combine(folder, fileName), JsonSerializer.Serialize(record, json));

    /// <summary>The record in <paramref name="folder"/>, or null when the folder holds none.</summary>
    /// <param name="what">What the record is, for the error: "a seed run".</param>
    /// <exception cref="InvalidDataException">The file is there but is not such a record.</exception>
    public static T? TryRead<T>(string folder, string fileName, JsonSerializerOptions json, string what)
        where T : class
    {
        var path = Path.Combine(folder, fileName);
        if (!File.Exists(path))
        {
            return null;
        }

        try
        {
            return JsonSerializer.Deserialize<T>(File.ReadAllText(path), json) ?? throw new InvalidDataException($"{path} is empty.");
        }
        catch (JsonException e)
        {
            throw new InvalidDataException($"{path} is not {what}: {e.Message}", e);
        }
    }
}
