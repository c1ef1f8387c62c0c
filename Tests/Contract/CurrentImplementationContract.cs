using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Contract;

public sealed class CurrentImplementationContract(LabStores stores) : CommitStrategyContract(stores, "CurrentImplementation");
