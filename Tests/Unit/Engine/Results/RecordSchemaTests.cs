using System.Text.Json.Nodes;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Tests.Engine.Results;

/// <summary>results.json says the schema it was written at; a harness reads its own and older ones, and refuses a newer one by name.</summary>
public sealed class RecordSchemaTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("commit-lab-schema-").FullName;

    [Fact]
    public void a_run_record_is_written_at_this_schema_and_one_written_before_versions_still_reads()
    {
        var json = JsonNode.Parse(SampleRuns.Run().ToJson())!.AsObject();
        Assert.Equal(LabJson.SchemaVersion, json["schemaVersion"]!.GetValue<int>());

        json.Remove("schemaVersion");
        File.WriteAllText(Path.Combine(_folder, RunRecord.FileName), json.ToJsonString());
        Assert.Equal(0, RunRecord.Read(_folder).SchemaVersion);
    }

    [Fact]
    public void a_run_record_from_a_newer_harness_is_refused_naming_both_schemas()
    {
        var json = JsonNode.Parse(SampleRuns.Run().ToJson())!.AsObject();
        json["schemaVersion"] = LabJson.SchemaVersion + 1;
        File.WriteAllText(Path.Combine(_folder, RunRecord.FileName), json.ToJsonString());

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
