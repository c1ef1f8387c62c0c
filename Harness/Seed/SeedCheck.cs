namespace EventCommitLab.Harness.Seed;

/// <summary>What the verifier found in one benchmark case's log, after BenchmarkDotNet's last iteration of it.</summary>
/// <param name="Outcome">"clean", or what broke, from the verifier's report.</param>
public sealed record SeedCheck(string Strategy, string Method, int NumberOfEvents, int ConcurrentBatches, long Waves, long EventsExpected, long EventsFound, bool Passed, string Outcome);
