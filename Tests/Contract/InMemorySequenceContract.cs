using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Contract;

public sealed class InMemorySequenceContract(LabStores stores) : CommitStrategyContract(stores, "InMemorySequence");
