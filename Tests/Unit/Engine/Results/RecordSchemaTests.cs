using System.Text.Json.Nodes;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Tests.Engine.Results;

/// <summary>results.json says the schema it was written at; a harness reads its own and older ones, and refuses a newer one by name.</summary>
public sealed class RecordSchemaTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("commit-lab-schema-").FullName;

    /// <summary>A case as schemas 0 and 1 wrote it: every field at the top, the cell written again beside them.</summary>
    private const string FlatCase = """
        {
          "load": "sustained", "method": "commitEvents", "numberOfEvents": 1, "concurrentBatches": 100, "contender": "BatchingPipeline", "isCeiling": false,
          "eventsPerSecond": { "estimate": 2600, "lower": 2000, "upper": 3300, "samples": 6 },
          "roundEventsPerSecond": [ 2200, 1800, null ], "rounds": 2, "stoppedEarly": true,
          "ratioToCeiling": { "estimate": 0.8, "lower": 0.7, "upper": 1.0, "samples": 2 }, "isBest": true, "tiedWithBest": false,
          "commitLatency": { "count": 9, "p50Ms": 1, "p90Ms": 2, "p95Ms": 3, "p99Ms": 4, "maxMs": 5 },
          "groupLatency": { "count": 3, "p50Ms": 6, "p90Ms": 7, "p95Ms": 8, "p99Ms": 9, "maxMs": 10 },
          "retriesPerCommit": 0.25, "conflictsPerCommit": 0.125,
          "batches": { "batches": 3, "meanCommits": 3, "buckets": [ 0, 3 ], "meanQueueWaitMs": 0.5, "meanWriteMs": 1.5, "meanInFlight": 1 },
          "allocatedBytesPerEvent": 512, "commits": 9, "logSizeAtStart": 7, "logSizeAtEnd": 16,
          "verification": { "checked": "verifier", "passed": true, "expectedEvents": 16, "foundEvents": 16, "violations": [], "aggregateCommitsChecked": 9 },
          "failure": null,
          "reader": { "delivered": 11, "skipped": 0, "lag": null, "polls": 4, "firstSkipped": null },
          "highWaterMarkReader": { "delivered": 12, "skipped": 0, "lag": null, "polls": 5, "firstSkipped": null },
          "horizonReader": null,
          "qualifyingEventsPerSecond": 1700, "exit": { "reason": "behind", "afterRounds": 2 }, "aggregates": 10,
          "contention": { "committed": 9, "conflicts": 1, "retries": 2, "givenUp": 0, "wastedEvents": 1, "committedEvents": 9 },
          "durability": "async-commit", "peakWorkingSetBytes": 4096, "commands": "owned", "labCpuShare": 0.25,
          "cell": { "load": "sustained", "method": "commitEvents", "numberOfEvents": 1, "concurrentBatches": 100, "shape": "1 x 100" },
          "succeeded": true
        }
        """;

    [Fact]
    public void a_run_record_is_written_at_this_schema()
    {
        var json = JsonNode.Parse(SampleRuns.Run().ToJson())!.AsObject();

        Assert.Equal(LabJson.SchemaVersion, json["schemaVersion"]!.GetValue<int>());
        Assert.Equal(LabJson.SchemaVersion, RunRecord.Read(Written(json)).SchemaVersion);
    }

    [Theory]
    [InlineData(1)]
    [InlineData(null)]
    public void a_case_written_flat_before_schema_2_reads_with_every_field_in_its_group(int? version)
    {
        var c = Assert.Single(RunRecord.Read(Written(FlatRecord(version))).Cases);

        Assert.Equal(new CellKey(LoadKind.Sustained, BenchmarkMethod.CommitEvents, 1, 100, 10, "async-commit", CommandMode.Owned), c.Cell);
        Assert.Equal(("BatchingPipeline", false, null), (c.Contender, c.IsCeiling, c.Failure));
        Assert.Equal(
            (2600.0, 0.8, 2, true, true, false, 1700.0, new EventCommitLab.Engine.Racing.RaceExit(EventCommitLab.Engine.Racing.RaceExitReason.Behind, 2)),
            (c.Race.EventsPerSecond!.Estimate, c.Race.RatioToCeiling!.Estimate, c.Race.Rounds, c.Race.StoppedEarly, c.Race.IsBest, c.Race.TiedWithBest, c.Race.QualifyingEventsPerSecond!.Value, c.Race.Exit));
        Assert.Equal([2200.0, 1800.0, null], c.Race.RoundEventsPerSecond);
        Assert.Equal((9L, 9L, 3L, 3L, 0.25, 0.125, 7L, 16L), (c.Writes.Commits, c.Writes.CommitLatency!.Count, c.Writes.GroupLatency!.Count, c.Writes.Batches!.Batches,
            c.Writes.RetriesPerCommit!.Value, c.Writes.ConflictsPerCommit!.Value, c.Writes.LogSizeAtStart, c.Writes.LogSizeAtEnd));
        Assert.Equal(new ProcessCost(512, 4096, 0.25), c.Process);
        Assert.Equal((11L, 12L, null), (c.Readers.Naive!.Delivered, c.Readers.HighWaterMark!.Delivered, c.Readers.Horizon));
        Assert.Equal((16L, 9L), (c.Verification.FoundEvents, c.Verification.AggregateCommitsChecked));
        Assert.Equal(new ContentionSummary(9, 1, 2, 0, 1, 9), c.Contention);
    }

    [Fact]
    public void a_record_written_before_schema_2_names_every_cell_s_committers_as_committers_again()
    {
        var old = RunRecord.Read(Written(FlatRecord(1)));
        var expected = SampleVerdicts.Run();

        Assert.NotEmpty(expected.Verdicts!);
        Assert.Equal(expected.Verdicts!.Select(v => v.Committers), old.Verdicts!.Select(v => v.Committers));
        Assert.DoesNotContain("concurrentBatches", old.ToJson(), StringComparison.Ordinal);
    }

    /// <summary>A sample run with verdicts as a harness before schema 2 wrote it: its cells' committers named <c>concurrentBatches</c>, its one case flat.</summary>
    private static JsonObject FlatRecord(int? version)
    {
        var json = JsonNode.Parse(SampleVerdicts.Run().ToJson().Replace("\"committers\"", "\"concurrentBatches\"", StringComparison.Ordinal))!.AsObject();
        json["cases"] = new JsonArray(JsonNode.Parse(FlatCase));
        json.Remove("schemaVersion");
        if (version is { } v)
        {
            json["schemaVersion"] = v;
        }

        return json;
    }

    private string Written(JsonObject json)
    {
        File.WriteAllText(Path.Combine(_folder, RunRecord.FileName), json.ToJsonString());
        return _folder;
    }

    [Fact]
    public void a_run_record_from_a_newer_harness_is_refused_naming_both_schemas()
    {
        var json = JsonNode.Parse(SampleRuns.Run().ToJson())!.AsObject();
        json["schemaVersion"] = LabJson.SchemaVersion + 1;
        Written(json);

        var refused = Assert.Throws<InvalidDataException>(() => RunRecord.Read(_folder));

        Assert.Contains($"schema {LabJson.SchemaVersion + 1} by a newer harness; this one reads up to schema {LabJson.SchemaVersion}", refused.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void a_suite_record_is_written_at_this_schema_and_one_from_a_newer_harness_is_refused()
    {
        SuiteRecord.Write(_folder, "tags", new { Figure = 1 });
        var json = JsonNode.Parse(File.ReadAllText(Path.Combine(_folder, SuiteRecord.FileName)))!.AsObject();
        Assert.Equal(LabJson.SchemaVersion, json["schemaVersion"]!.GetValue<int>());
        Assert.Equal("tags", SuiteRecord.TryRead(_folder)?.Suite);

        json["schemaVersion"] = LabJson.SchemaVersion + 1;
        File.WriteAllText(Path.Combine(_folder, SuiteRecord.FileName), json.ToJsonString());

        Assert.Throws<InvalidDataException>(() => SuiteRecord.TryRead(_folder));
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);
}
