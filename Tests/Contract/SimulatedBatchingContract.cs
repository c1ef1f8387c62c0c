using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Contract;

public sealed class SimulatedBatchingContract(LabStores stores) : CommitStrategyContract(stores, "SimulatedBatching");
