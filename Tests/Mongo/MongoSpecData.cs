using System.Text.Json.Nodes;

namespace EventCommitLab.Tests.Mongo;

/// <summary>
/// MongoDB's official specification test data, from ../shared/specs/mongodb beside the repository (or
/// MONGODB_SPECS). Tests over it skip, naming the path, when it is not there.
/// </summary>
internal static class MongoSpecData
{
    public static string Folder { get; } = Locate();

    public static bool Available => Directory.Exists(Folder);

    public static string SkipReason => $"MongoDB specification data not found at {Folder} (set MONGODB_SPECS to its folder)";

    /// <summary>(suite file, index, description) of every test in the suite's files; one placeholder row when absent.</summary>
    public static TheoryData<string, int, string> Cases(string suite)
    {
        var data = new TheoryData<string, int, string>();
        var folder = Path.Combine(Folder, suite);
        if (!Directory.Exists(folder))
        {
            data.Add($"{suite} (missing)", -1, SkipReason);
            return data;
        }

        foreach (var file in Directory.GetFiles(folder, "*.json").Order(StringComparer.Ordinal))
        {
            var tests = Tests(file);
            for (var i = 0; i < tests.Count; i++)
            {
                data.Add($"{suite}/{Path.GetFileName(file)}", i, (string?)tests[i]!["description"] ?? "");
            }
        }

        return data;
    }

    public static JsonObject Test(string suiteFile, int index) => Tests(Path.Combine(Folder, suiteFile))[index]!.AsObject();

    private static JsonArray Tests(string file) => JsonNode.Parse(File.ReadAllText(file))!["tests"]!.AsArray();

    private static string Locate()
    {
        if (Environment.GetEnvironmentVariable("MONGODB_SPECS") is { Length: > 0 } configured)
        {
            return Path.GetFullPath(configured);
        }

        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "Benchmarks.sln")))
            {
                return Path.GetFullPath(Path.Combine(dir.FullName, "..", "shared", "specs", "mongodb"));
            }
        }

        return Path.GetFullPath(Path.Combine("..", "shared", "specs", "mongodb"));
    }
}
