using EventCommitLab.Engine.Results;

namespace EventCommitLab.Harness.DcbAppends;

/// <summary>What one workload's race decided among the appenders in one cell (dataset size, events per append, clients).</summary>
public sealed record DcbVerdict(string Size, int EventsPerAppend, int Clients, DcbWorkload Workload, RaceVerdict Race);
