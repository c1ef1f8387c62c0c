using System.Reflection;
using System.Text.RegularExpressions;
using EventCommitLab.Contract;
using EventCommitLab.Dcb;
using EventCommitLab.Strategies;
using EventCommitLab.SuitePorts.Tags;
using EventCommitLab.Tests.Infrastructure;
using EventCommitLab.Verification;

namespace EventCommitLab.Tests.Catalog;

/// <summary>
/// Each project depends only on what its responsibility needs: strategies and the verifier see the contract and never a
/// database package or a suite's port; stores see the contract and the suites' ports and never a strategy. Read from the
/// compiled assemblies, so a reference nothing uses does not count and one that is used cannot hide.
/// </summary>
public sealed class ProjectBoundaryTests
{
    private static readonly string[] DatabasePackages = ["Npgsql", "MongoDB.Driver", "MongoDB.Bson"];

    public static TheoryData<string, string[]> Boundaries
    {
        get
        {
            var rows = new TheoryData<string, string[]>
            {
                { typeof(ICommitStrategy).Assembly.GetName().Name!, [] },
                { typeof(StrategyCatalog).Assembly.GetName().Name!, ["EventCommitLab.Contract"] },
                { typeof(EventLogVerifier).Assembly.GetName().Name!, ["EventCommitLab.Contract"] },
                { typeof(ITagLog).Assembly.GetName().Name!, ["EventCommitLab.Contract"] },
                { typeof(GroupCommitAppender).Assembly.GetName().Name!, ["EventCommitLab.Contract", "EventCommitLab.Strategies", "EventCommitLab.SuitePorts"] },
                // The engine measures, races and records: it sees strategies, the verifier and the suites' ports, never a store or the harness.
                { typeof(EventCommitLab.Engine.Measurement.CaseSettings).Assembly.GetName().Name!, ["EventCommitLab.Contract", "EventCommitLab.Strategies", "EventCommitLab.Verification", "EventCommitLab.SuitePorts"] },
                // The pages are written from the results model alone (a ceiling's store-tool figure is a suite port's type): no store, no suite, no command line.
                { typeof(EventCommitLab.Reporting.VerdictWriter).Assembly.GetName().Name!, ["EventCommitLab.Engine", "EventCommitLab.Contract", "EventCommitLab.Strategies", "EventCommitLab.Verification", "EventCommitLab.SuitePorts"] },
            };
            // A store sees the contract and the suites' ports, never a strategy.
            foreach (var store in StoreAssemblies)
            {
                rows.Add(store, ["EventCommitLab.Contract", "EventCommitLab.SuitePorts"]);
            }

            return rows;
        }
    }

    // Every store project the lab is built with (its output carries each one the catalog names): a new store is held to
    // the same boundary without a line here.
    private static IReadOnlyList<string> StoreAssemblies =>
        [.. Directory.EnumerateFiles(AppContext.BaseDirectory, "EventCommitLab.Stores.*.dll").Select(f => Path.GetFileNameWithoutExtension(f)).Order(StringComparer.Ordinal)];

    [Fact]
    public void the_boundary_rows_hold_the_stores_built_beside_the_tests() =>
        Assert.True(StoreAssemblies.Count >= 2, $"the stores found beside the tests: {string.Join(", ", StoreAssemblies)}");

    [Theory]
    [MemberData(nameof(Boundaries))]
    public void a_project_references_only_the_lab_projects_its_responsibility_needs(string assembly, string[] allowed)
    {
        var lab = References(assembly).Where(r => r.StartsWith("EventCommitLab.", StringComparison.Ordinal));

        Assert.Empty(lab.Except(allowed));
    }

    public static TheoryData<string> Projects => [.. Boundaries.Select(row => row.Data.Item1)];

    [Theory]
    [MemberData(nameof(Projects))]
    public void only_a_store_references_a_database_package(string assembly)
    {
        var databases = References(assembly).Where(r => DatabasePackages.Any(p => r.StartsWith(p, StringComparison.Ordinal)));

        if (assembly.StartsWith("EventCommitLab.Stores.", StringComparison.Ordinal))
        {
            Assert.NotEmpty(databases);
        }
        else
        {
            Assert.Empty(databases);
        }
    }

    [Fact]
    public void a_store_s_sql_is_named_in_its_sql_folder_only()
    {
        var store = Path.Combine(RepositoryFolder.Root, "Stores", "Postgres");
        var sqlFolder = Path.Combine(store, "Sql") + Path.DirectorySeparatorChar;
        var statement = new Regex("\"[^\"]*\\b(SELECT|INSERT INTO|UPDATE \\w+ SET|DELETE FROM|CREATE (TABLE|INDEX|SEQUENCE|DATABASE|FUNCTION)|DROP |ALTER |VACUUM|ANALYZE |COPY )", RegexOptions.CultureInvariant);

        var outside = Directory.EnumerateFiles(store, "*.cs", SearchOption.AllDirectories)
            .Where(f => !f.StartsWith(sqlFolder, StringComparison.Ordinal) && !f.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal))
            .SelectMany(f => File.ReadLines(f).Select((line, i) => (File: Path.GetFileName(f), Line: i + 1, Text: line.Trim())))
            .Where(l => !l.Text.StartsWith("//", StringComparison.Ordinal) && statement.IsMatch(l.Text))
            .Select(l => $"{l.File}:{l.Line}: {l.Text}");

        Assert.Empty(outside);
    }

    [Fact]
    public void the_harness_names_a_store_only_in_its_catalog_line()
    {
        var harness = Path.Combine(RepositoryFolder.Root, "Harness");
        var catalog = Path.Combine(harness, "Stores", "StoreCatalog.cs");

        var naming = Directory.EnumerateFiles(harness, "*.cs", SearchOption.AllDirectories)
            .Where(f => f != catalog && !f.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal))
            .Where(f => File.ReadLines(f).Any(l => l.Contains("EventCommitLab.Stores.", StringComparison.Ordinal)))
            .Select(Path.GetFileName);

        Assert.Empty(naming);
    }

    private static IEnumerable<string> References(string assembly) =>
        Assembly.Load(assembly).GetReferencedAssemblies().Select(r => r.Name!);
}
