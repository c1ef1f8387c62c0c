using EventCommitLab.Harness.Reporting;

namespace EventCommitLab.Harness.Tags;

/// <summary>A tags run: each storage's build and each query's figures, and where it ran.</summary>
public sealed record TagsSuiteResult(TagsSuiteSettings Settings, IReadOnlyList<TagLogBuild> Builds, IReadOnlyList<TagQueryResult> Queries, SuiteEnvironment Environment);
