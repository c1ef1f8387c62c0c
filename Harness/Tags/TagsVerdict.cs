using EventCommitLab.Engine.Results;

namespace EventCommitLab.Harness.Tags;

/// <summary>What one query's race decided among the tag storages: the query for the tag on the last <paramref name="Tagged"/> events.</summary>
public sealed record TagsVerdict(int Tagged, RaceVerdict Race);
