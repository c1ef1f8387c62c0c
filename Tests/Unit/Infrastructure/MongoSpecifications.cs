using System.Text.Json.Nodes;

namespace EventCommitLab.Tests.Infrastructure;

/// <summary>
/// MongoDB's specification test files (the unified format's JSON), where this machine keeps them: beside the
/// repository (../shared/specs/mongodb) or where MONGODB_SPECIFICATIONS points. They are not the lab's to redistribute,
/// so a clone elsewhere has none, and the tests that read them are skipped there with the reason.
/// </summary>
internal static class MongoSpecifications
{
    public const string Variable = "MONGODB_SPECIFICATIONS";

    public static string? Folder
    {
        get
        {
            var candidates = new[] { Environment.GetEnvironmentVariable(Variable), Path.Combine(RepositoryFolder.Root, "..", "shared", "specs", "mongodb") };
            return candidates.Where(c => !string.IsNullOrEmpty(c)).Select(c => Path.GetFullPath(c!)).FirstOrDefault(Directory.Exists);
        }
    }

    /// <summary>Why the specification's files cannot be read here, or null where they can.</summary>
    public static string? SkipReason() => Folder is null
        ? $"MongoDB's specification files are not on this machine (neither ../shared/specs/mongodb beside the repository nor {Variable})"
        : null;

    /// <summary>Every test of the specification's files under <paramref name="area"/> (for example "transactions"), with its file's name.</summary>
    public static IEnumerable<(string File, JsonObject Test)> Tests(string area)
    {
        var folder = Path.Combine(Folder ?? throw new DirectoryNotFoundException(SkipReason()), area);
        foreach (var file in Directory.GetFiles(folder, "*.json").Order(StringComparer.Ordinal))
        {
            var document = JsonNode.Parse(File.ReadAllText(file))!.AsObject();
            foreach (var test in document["tests"]!.AsArray())
            {
                yield return (Path.GetFileName(file), test!.AsObject());
            }
        }
    }
}
