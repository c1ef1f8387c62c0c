using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Catalog;

/// <summary>The test projects' folders mirror the code's: a newcomer finds a type's tests where the type is.</summary>
public sealed class TestLayoutTests
{
    private static readonly string[] Skipped = ["bin", "obj", ".git", "results", "node_modules"];

    [Fact]
    public void every_test_class_named_for_a_code_type_sits_in_that_types_folder_in_either_test_project()
    {
        var root = RepositoryFolder.Root;
        var code = SourceFiles(root).Where(f => !Relative(root, f).StartsWith("Tests" + Path.DirectorySeparatorChar, StringComparison.Ordinal))
            .GroupBy(f => Path.GetFileNameWithoutExtension(f), StringComparer.Ordinal)
            .ToDictionary(g => g.Key, g => g.Select(f => Path.GetDirectoryName(Relative(root, f))!).ToArray(), StringComparer.Ordinal);
        var misplaced = new List<string>();
        foreach (var project in new[] { "Unit", "Server" })
        {
            var tests = Path.Combine(root, "Tests", project);
            foreach (var file in SourceFiles(tests).Where(f => f.EndsWith("Tests.cs", StringComparison.Ordinal)))
            {
                var type = Path.GetFileNameWithoutExtension(file)[..^"Tests".Length];
                var folder = Path.GetDirectoryName(Relative(tests, file)) ?? "";
                if (code.TryGetValue(type, out var folders) && !folders.Contains(folder, StringComparer.Ordinal))
                {
                    misplaced.Add($"Tests/{project}/{Relative(tests, file)}: {type} is in {string.Join(", ", folders)}");
                }
            }
        }

        Assert.Empty(misplaced);
    }

    private static IEnumerable<string> SourceFiles(string folder) =>
        Directory.EnumerateFiles(folder, "*.cs", SearchOption.AllDirectories)
            .Where(f => !Relative(folder, f).Split(Path.DirectorySeparatorChar).Any(part => Skipped.Contains(part, StringComparer.Ordinal)));

    private static string Relative(string root, string file) => Path.GetRelativePath(root, file);
}
