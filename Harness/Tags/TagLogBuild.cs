using EventCommitLab.SuitePorts.Tags;

namespace EventCommitLab.Harness.Tags;

/// <summary>How long one storage's log took to build and how large it is.</summary>
public sealed record TagLogBuild(TagStorage Storage, TimeSpan BuildTime, long Bytes);
